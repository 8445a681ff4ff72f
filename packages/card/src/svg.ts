import { BUBBLE_LABEL_PT, LABEL_GREY, ptToMm } from './metrics';
import { qrRuns, QR_QUIET } from './qr';
import type { CardGeometry, Element } from './types';

// On-screen preview of one page: SVG in millimetre user units (viewBox = the paper), so it scales to
// any width in the browser. Fonts come from the viewer (Noto Sans CJK SC / Source Han Sans SC if installed).

const FONT =
  'Noto Sans CJK SC, Noto Sans SC, Noto Sans Hans, Source Han Sans SC, Microsoft YaHei, sans-serif';
const n = (v: number) => String(Math.round(v * 1000) / 1000);

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function text(x: number, y: number, s: string, pt: number, attrs: string): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(ptToMm(pt))}" ${attrs}>${esc(s)}</text>`;
}

function element(e: Element): string {
  switch (e.type) {
    case 'anchor':
      return `<rect x="${n(e.rect.x)}" y="${n(e.rect.y)}" width="${n(e.rect.w)}" height="${n(e.rect.h)}" fill="#000"/>`;
    case 'qr': {
      const { size, runs } = qrRuns(e.content);
      const m = e.rect.w / (size + 2 * QR_QUIET);
      const x0 = e.rect.x + QR_QUIET * m;
      const y0 = e.rect.y + QR_QUIET * m;
      const d = runs.map(
        ([r, c, len]) => `M${n(x0 + c * m)} ${n(y0 + r * m)}h${n(len * m)}v${n(m)}h${n(-len * m)}z`,
      );
      return `<path d="${d.join('')}" fill="#000" shape-rendering="crispEdges"/>`;
    }
    case 'text': {
      const anchor = e.align === 'center' ? 'middle' : e.align === 'right' ? 'end' : 'start';
      const weight = e.bold ? ' font-weight="700"' : '';
      return text(e.x, e.y, e.text, e.size, `text-anchor="${anchor}" fill="${e.colour ?? '#000'}"${weight}`);
    }
    case 'rect': {
      const stroke = e.stroke ? ` stroke="#000" stroke-width="${n(e.stroke)}"` : '';
      const dash = e.dash ? ' stroke-dasharray="1.5 1"' : '';
      const rx = e.radius ? ` rx="${n(e.radius)}"` : '';
      return `<rect x="${n(e.rect.x)}" y="${n(e.rect.y)}" width="${n(e.rect.w)}" height="${n(e.rect.h)}"${rx} fill="${e.fill ?? 'none'}"${stroke}${dash}/>`;
    }
    case 'line': {
      const dash = e.dash ? ' stroke-dasharray="1.5 1"' : '';
      return `<line x1="${n(e.x1)}" y1="${n(e.y1)}" x2="${n(e.x2)}" y2="${n(e.y2)}" stroke="#000" stroke-width="${n(e.stroke ?? 0.3)}"${dash}/>`;
    }
    case 'bubble': {
      const b = bubbleShape(e.rect);
      const fill = e.filled ? '#000' : 'none';
      const shape = `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" rx="${n(b.r)}" fill="${fill}" stroke="#222" stroke-width="${n(BUBBLE_STROKE)}"/>`;
      if (!e.label || e.filled) return shape;
      const l = bubbleLabel(e.rect);
      return shape + text(l.x, l.y, e.label, BUBBLE_LABEL_PT, `text-anchor="middle" fill="${LABEL_GREY}"`);
    }
  }
}

/** Bubble outline width (mm). */
export const BUBBLE_STROKE = 0.2;

/** The outline of a bubble: inset by half the stroke so the ink stays inside the template rectangle. */
export function bubbleShape(r: { x: number; y: number; w: number; h: number }) {
  const i = BUBBLE_STROKE / 2;
  return { x: r.x + i, y: r.y + i, w: r.w - 2 * i, h: r.h - 2 * i, r: (r.h - 2 * i) / 2 };
}

/** Baseline centre of a bubble's printed label. */
export function bubbleLabel(r: { x: number; y: number; w: number; h: number }) {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 + ptToMm(BUBBLE_LABEL_PT) * 0.36 };
}

/** SVG preview of page `page` (0-based) of a card. */
export function renderSvg(g: CardGeometry, page: number): string {
  const p = g.pages[page];
  if (!p) throw new RangeError(`答题卡没有第 ${page + 1} 页`);
  const body = p.elements.map(element).join('\n');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}mm" height="${g.height}mm" viewBox="0 0 ${g.width} ${g.height}" font-family="${FONT}">\n` +
    `<rect x="0" y="0" width="${g.width}" height="${g.height}" fill="#fff"/>\n${body}\n</svg>\n`
  );
}
