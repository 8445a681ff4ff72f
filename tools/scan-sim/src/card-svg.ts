import { toSVG } from 'bwip-js/node';
import type { Bubble, TemplatePage, TemplateRect } from '@yj/contracts';
import { encodePageQr, pageFields } from '@yj/omr';
import { SIM_FONT_FAMILY } from './fonts';

// Prints a template page as SVG: what the school's printer puts on paper before any student touches it.

// The only font fontconfig offers while simulating (see fonts.ts), named so the SVG says what prints.
const FONT = `font-family="${SIM_FONT_FAMILY}"`;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function text(x: number, y: number, s: string, size: number, extra = ''): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${FONT} ${extra}>${esc(s)}</text>`;
}

function bubble(b: Bubble, style: PrintStyle): string {
  const r = b.rect;
  const label = b.label.length > 2 ? '' : b.label;
  const fill = `fill="#${hex(style.letterGrey ?? 0x77)}"`;
  const letter = style.letterBold
    ? text(
        r.x + r.w / 2,
        r.y + r.h * 0.9,
        label,
        r.h * 1.0,
        `text-anchor="middle" font-weight="bold" ${fill}`,
      )
    : text(r.x + r.w / 2, r.y + r.h * 0.78, label, r.h * 0.7, `text-anchor="middle" ${fill}`);
  if (style.bubbleShape === 'brackets') {
    // [A]: two brackets at the bubble's sides, their arms a sixth of its width
    const t = r.w / 6;
    const y0 = r.y + 1;
    const y1 = r.y + r.h - 1;
    const l = r.x + 1;
    const rr = r.x + r.w - 1;
    return (
      `<path d="M${l + t},${y0} H${l} V${y1} H${l + t} M${rr - t},${y0} H${rr} V${y1} H${rr - t}" fill="none" stroke="#3a3a3a" stroke-width="1.6"/>` +
      letter
    );
  }
  return (
    `<rect x="${r.x + 1}" y="${r.y + 1}" width="${r.w - 2}" height="${r.h - 2}" rx="${r.h / 2 - 1}" fill="none" stroke="#3a3a3a" stroke-width="1.6"/>` +
    letter
  );
}

function box(r: TemplateRect, stroke = 2): string {
  return `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="none" stroke="#222" stroke-width="${stroke}"/>`;
}

function qrSvg(content: string, r: TemplateRect): string {
  const svg = toSVG({
    bcid: 'qrcode',
    text: content,
    backgroundcolor: 'FFFFFF',
    padding: 8,
    eclevel: 'M',
  } as Parameters<typeof toSVG>[0]);
  const vb = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 100 100';
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" viewBox="${vb}" shape-rendering="crispEdges">${inner}</svg>`;
}

/**
 * How a third-party sheet prints what ours prints plainly: grey anchors (a printer saving toner, or a
 * designer's choice), L-shaped corner marks instead of blocks, letters inside the bubbles.
 */
export interface PrintStyle {
  /** Grey level of the anchors (0 = black, the default). */
  anchorGrey?: number;
  /** `L`: an L-shaped corner mark filling two sides of the anchor rectangle, its corner outwards. */
  anchorShape?: 'block' | 'L';
  /** Grey level of the option letters printed inside bubbles (default #777). */
  letterGrey?: number;
  /** Bold letters filling the bubble's height (some third-party sheets): empty bubbles read 0.2–0.4. */
  letterBold?: boolean;
  /** `brackets`: [A] printed instead of a closed outline (many third-party sheets). */
  bubbleShape?: 'outline' | 'brackets';
  /** Black blocks printed beside what the template declares (a third-party sheet's corner squares it does not name as anchors). */
  marks?: TemplateRect[];
  /**
   * The exam number in a ruled table, as OMRChecker's sample6 prints it: a rule half the gap between bubbles over
   * the first row and under the last, rules between the columns, every other column shaded light grey.
   */
  numberTable?: boolean;
}

const hex = (v: number) => Math.round(v).toString(16).padStart(2, '0').repeat(3);

function anchorSvg(page: TemplatePage, r: TemplateRect, style: PrintStyle): string {
  const fill = `#${hex(style.anchorGrey ?? 0)}`;
  if (style.anchorShape !== 'L')
    return `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${fill}"/>`;
  // The corner of the L faces the page corner the anchor sits in; the arms are a third of the mark.
  const left = r.x + r.w / 2 < page.width / 2;
  const top = r.y + r.h / 2 < page.height / 2;
  const t = Math.round(Math.min(r.w, r.h) / 3);
  const vx = left ? r.x : r.x + r.w - t;
  const hy = top ? r.y : r.y + r.h - t;
  return (
    `<rect x="${vx}" y="${r.y}" width="${t}" height="${r.h}" fill="${fill}"/>` +
    `<rect x="${r.x}" y="${hy}" width="${r.w}" height="${t}" fill="${fill}"/>`
  );
}

/** The ruled table round exam-number columns (PrintStyle.numberTable): drawn under the bubbles. */
function numberTable(columns: TemplateRect[][]): string {
  const first = columns[0]![0]!;
  const second = columns[0]![1] ?? first;
  const half = (second.y - first.y - first.h) / 2;
  const top = first.y - half;
  const bottom = Math.max(...columns.map((c) => c.at(-1)!.y + c.at(-1)!.h)) + half;
  const out: string[] = [];
  columns.forEach((c, i) => {
    const x0 = c[0]!.x - half;
    const x1 = c[0]!.x + c[0]!.w + half;
    if (i % 2 === 0)
      out.push(`<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${bottom - top}" fill="#e4e4e4"/>`);
    out.push(
      `<path d="M${x0},${top} V${bottom} M${x1},${top} V${bottom}" stroke="#222" stroke-width="1.6"/>`,
    );
  });
  const left = columns[0]![0]!.x - half;
  const right = columns.at(-1)![0]!.x + columns.at(-1)![0]!.w + half;
  out.push(
    `<path d="M${left},${top} H${right} M${left},${bottom} H${right}" stroke="#222" stroke-width="2"/>`,
  );
  return out.join('');
}

/** SVG of the printed page (template pixels as SVG units). */
export function cardSvg(
  page: TemplatePage,
  templateId: string,
  title: string,
  style: PrintStyle = {},
): string {
  const parts: string[] = [`<rect x="0" y="0" width="${page.width}" height="${page.height}" fill="#fff"/>`];
  for (const a of page.anchors) parts.push(anchorSvg(page, a.rect, style));
  for (const r of style.marks ?? []) parts.push(anchorSvg(page, r, {}));
  if (page.identity) parts.push(qrSvg(encodePageQr({ templateId, page: page.index }), page.identity.rect));
  parts.push(text(200, 170, `${title}  第${page.index + 1}页`, 40, 'font-weight="bold"'));
  const f = pageFields(page);
  if (f.examNumber.length > 0) {
    const first = f.examNumber[0]!.bubbles[0]!.rect;
    const last = f.examNumber[f.examNumber.length - 1]!.bubbles.at(-1)!.rect;
    parts.push(text(first.x - 10, first.y - 90, '考 号', 24, 'font-weight="bold"'));
    parts.push(
      box({
        x: first.x - 12,
        y: first.y - 70,
        w: last.x + last.w - first.x + 24,
        h: last.y + last.h - first.y + 84,
      }),
    );
    f.examNumber.forEach((d) => {
      const r = d.bubbles[0]!.rect;
      parts.push(box({ x: r.x - 8, y: r.y - 60, w: r.w + 16, h: 46 }, 1.2));
    });
    if (style.numberTable) parts.push(numberTable(f.examNumber.map((d) => d.bubbles.map((b) => b.rect))));
  }
  if (f.absent) {
    const r = f.absent.bubbles[0]!.rect;
    parts.push(
      text(r.x - 70, r.y + 17, '缺考', 20),
      text(r.x + r.w + 10, r.y + 17, '（考生禁填）', 18, 'fill="#555"'),
    );
  }
  if (f.ab) {
    const r = f.ab.bubbles[0]!.rect;
    parts.push(text(r.x - 70, r.y + 17, '试卷', 20));
  }
  for (const o of f.objective) {
    const r = o.field.bubbles[0]!.rect;
    parts.push(text(r.x - 12, r.y + 17, o.field.name, 20, 'text-anchor="end"'));
  }
  for (const o of f.optional) {
    const r = o.bubbles[0]!.rect;
    parts.push(text(r.x - 380, r.y + 17, '选做题（只涂一个）', 20));
  }
  for (const s of f.scores) {
    const r = s.fields[0]!.bubbles[0]!.rect;
    parts.push(text(r.x - 80, r.y + 17, '得分', 20, 'fill="#555"'));
  }
  for (const field of [
    ...f.examNumber,
    ...f.objective.map((o) => o.field),
    ...(f.absent ? [f.absent] : []),
    ...(f.ab ? [f.ab] : []),
    ...f.optional,
    ...f.scores.flatMap((s) => s.fields),
  ]) {
    for (const b of field.bubbles) parts.push(bubble(field === f.absent ? { ...b, label: '' } : b, style));
  }
  for (const s of page.subjective) {
    parts.push(
      box(s.rect),
      text(s.rect.x + 16, s.rect.y + 36, `${s.question.replace('|', '/')}.（本题满分 12 分）`, 22),
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${page.width}" height="${page.height}" viewBox="0 0 ${page.width} ${page.height}">${parts.join('')}</svg>`;
}
