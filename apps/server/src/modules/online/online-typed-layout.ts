import { splitMath } from '@yj/contracts';
import { charWidth } from './online-typed-font';
import { mathBox, type MathBox } from './online-math';

/** The typed page's size, margin, font size and the height of a line of plain text (pixels). */
export const TYPED_PAGE = { w: 1000, h: 1300, margin: 40, font: 24, line: 36 } as const;

/** What a line is made of: characters (a formula that is not TeX as red characters) and inline formulas. */
type Token =
  | { t: 'char'; c: string; w: number; error: boolean }
  | { t: 'math'; box: MathBox; w: number; k: number }
  | { t: 'break' }
  | { t: 'display'; box: MathBox; k: number };

/** A piece of a row: a run of characters from x, or a formula with its top left corner at x and the row's top. */
export type Piece =
  | { kind: 'text'; x: number; text: string; error: boolean }
  | { kind: 'math'; x: number; box: MathBox; k: number };

/** A row of the page: its top, its height, the text's baseline, what is drawn on it. */
export interface TypedRow {
  top: number;
  h: number;
  baseline: number;
  pieces: Piece[];
}

/** Room above a formula's top and below its bottom so a tall one does not touch the rows beside it. */
const PAD = { inline: 4, display: 10 } as const;

/** The answer cut into characters, line breaks and formulas at `font` pixels a line `avail` pixels wide. */
function tokens(text: string, font: number, avail: number): Token[] {
  const out: Token[] = [];
  const chars = (s: string, error: boolean) => {
    for (const c of s)
      out.push(c === '\n' ? { t: 'break' } : { t: 'char', c, w: charWidth(c) * font, error });
  };
  for (const seg of splitMath(text.replace(/\r\n?/g, '\n'))) {
    if (seg.kind === 'text') {
      chars(seg.value, false);
      continue;
    }
    const box = mathBox(seg.value, seg.display, font);
    // a formula MathJax cannot read is drawn as its source, so the marker still sees what was typed
    if (!box) chars(seg.value, true);
    else if (seg.display) out.push({ t: 'display', box, k: Math.min(1, avail / box.w) });
    else out.push({ t: 'math', box, w: Math.min(box.w, avail), k: Math.min(1, avail / box.w) });
  }
  return out;
}

/** Lines of at most `avail` wide: a line breaks before the character or formula that does not fit. */
function flow(all: Token[], avail: number): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  // a line break typed right after a display formula only ends the formula's own line
  let afterDisplay = false;
  const end = () => {
    lines.push(line);
    line = [];
    used = 0;
  };
  for (const tok of all) {
    if (tok.t === 'break') {
      if (!afterDisplay) end();
      afterDisplay = false;
      continue;
    }
    afterDisplay = false;
    if (tok.t === 'display') {
      if (line.length) end();
      line.push(tok);
      end();
      afterDisplay = true;
      continue;
    }
    if (used + tok.w > avail && line.length) end();
    line.push(tok);
    used += tok.w;
  }
  if (!afterDisplay) end();
  return lines;
}

/** The text broken into lines `ems` wide (by character: Chinese has no spaces to break at). */
export function wrapLines(text: string, ems: number): string[] {
  const chars = [...text.replace(/\r\n?/g, '\n')].map((c): Token =>
    c === '\n' ? { t: 'break' } : { t: 'char', c, w: charWidth(c), error: false },
  );
  return flow(chars, ems).map((l) => l.map((t) => (t.t === 'char' ? t.c : '')).join(''));
}

/** A line as a row whose top is `top`: as tall as plain text, or as its tallest formula needs. */
function row(line: Token[], top: number, left: number, avail: number): TypedRow {
  const { font, line: lineH } = TYPED_PAGE;
  let above: number = font;
  let below: number = lineH - font;
  const pieces: Piece[] = [];
  let x = left;
  for (const tok of line) {
    if (tok.t === 'char') {
      const last = pieces.at(-1);
      if (last?.kind === 'text' && last.error === tok.error) last.text += tok.c;
      else pieces.push({ kind: 'text', x, text: tok.c, error: tok.error });
      x += tok.w;
    } else if (tok.t !== 'break') {
      const pad = tok.t === 'math' ? PAD.inline : PAD.display;
      // whole pixels: the page's height is the rows' sum and a block's region is stored in pixels
      above = Math.max(above, Math.ceil(tok.box.ascent * tok.k + pad));
      below = Math.max(below, Math.ceil(tok.box.descent * tok.k + pad));
      const w = tok.box.w * tok.k;
      pieces.push({ kind: 'math', x: tok.t === 'math' ? x : left + (avail - w) / 2, box: tok.box, k: tok.k });
      x += w;
    }
  }
  return { top, h: above + below, baseline: top + above, pieces };
}

/** Characters XML forbids (control characters, lone surrogates): one typed would make the page's SVG unreadable. */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|\p{Cs}/gu;

/**
 * The answer's rows below the question's heading, wrapped to the page's width, each as tall as it needs: `bottom`
 * is where the last one ends. An empty answer says so, unless photos answer it.
 */
export function typedRows(text: string, photos = 0): { rows: TypedRow[]; bottom: number } {
  const { w, margin, line } = TYPED_PAGE;
  const avail = w - margin * 2;
  const typed = text.replace(NOT_XML, '');
  const body = typed.trim() ? typed : photos ? '' : '（未作答）';
  const lines = body ? flow(tokens(body, TYPED_PAGE.font, avail), avail) : [];
  const rows: TypedRow[] = [];
  let top = margin + line;
  for (const l of lines) {
    const r = row(l, top, margin, avail);
    rows.push(r);
    top += r.h;
  }
  return { rows, bottom: top };
}
