// Printed sizes of the card, in mm (text in pt). Chosen after common Chinese school cards: 5 × 2.8 mm
// bubbles, 5 mm corner anchors, 0.5 mm black rules, 五号/小五 text.

export const ANCHOR = 5;
/** Distance from the paper edge to an anchor (printers leave ~4 mm unprinted). */
export const ANCHOR_INSET = 7;
/** Content starts this far from the left/right paper edge. */
export const SIDE = 14;
export const TITLE_TOP = 12;
export const TITLE_HEIGHT = 19;
/** Column content from here down to `height - BOTTOM`. */
export const CONTENT_TOP = TITLE_TOP + TITLE_HEIGHT + 2;
export const BOTTOM = 15;
export const COLUMN_GAP = 7;
/** Vertical gap between blocks in a column. */
export const BLOCK_GAP = 3;
export const QR_SIZE = 17;

export const BUBBLE = { w: 5, h: 2.8 } as const;
export const OPTION_PITCH = 6.6;
export const ROW_PITCH = 4.6;
export const NUMBER_WIDTH = 7;
export const GROUP_GAP = 6;
export const GROUP_ROW_GAP = 4.5;

export const DIGIT_BUBBLE = { w: 4.6, h: 2.6 } as const;
export const DIGIT_PITCH = 6.2;
export const DIGIT_OPTION_PITCH = 3.75;

/** Bubble label size (pt): about 70 % of the bubble height. */
export const BUBBLE_LABEL_PT = 5.6;
export const LABEL_GREY = '#555555';

const MM_PER_PT = 25.4 / 72;

/** Points to millimetres. */
export function ptToMm(pt: number): number {
  return pt * MM_PER_PT;
}

/** Rounds to 0.01 mm so the geometry (and its JSON) stays tidy and deterministic. */
export function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

function charEm(c: string): number {
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x2e80) return c === ' ' ? 0.28 : 0.56;
  return 1;
}

/** Estimated width (mm) of a text at `pt`: CJK and full-width 1 em, Latin and digits ~0.56 em. */
export function textWidth(text: string, pt: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * ptToMm(pt);
}

/** Breaks text into lines no wider than `width` mm (continuation lines `hang` mm narrower): between Chinese characters, never inside a Latin word or number. */
export function wrapText(text: string, pt: number, width: number, hang = 0): string[] {
  const tokens = text.match(/[A-Za-z0-9.%]+|./gsu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && textWidth(line + t, pt) > width - (lines.length > 0 ? hang : 0)) {
      // Keep closing punctuation on the line it closes (避头点).
      if ('，。、；：！？）」》'.includes(t)) {
        lines.push(line + t);
        line = '';
        continue;
      }
      lines.push(line);
      line = '';
    }
    line += t;
  }
  if (line) lines.push(line);
  return lines;
}
