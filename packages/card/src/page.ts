import { encodePageQr } from '@yj/omr';
import { ANCHOR, ANCHOR_INSET, QR_SIZE, SIDE, TITLE_TOP, r2, textWidth } from './metrics';
import type { CardOptions, Element, GeometryPage, MmRect, PageRegions } from './types';

/** Collects the elements and regions of one page while blocks are placed on it. */
export class PageBuilder {
  readonly elements: Element[] = [];
  readonly regions: PageRegions;

  constructor(
    readonly index: number,
    readonly width: number,
    readonly height: number,
  ) {
    this.regions = {
      anchors: anchorRects(width, height),
      identity: { name: '页码二维码', rect: qrRect(width) },
      objective: [],
      optional: [],
      subjective: [],
      scoreBoxes: [],
    };
  }

  add(...els: Element[]): void {
    this.elements.push(...els);
  }

  /** A bubble: drawn, and returned as a region bubble (label = what recognition reads). */
  bubble(rect: MmRect, label: string, printed = label): { label: string; rect: MmRect } {
    const r = { x: r2(rect.x), y: r2(rect.y), w: rect.w, h: rect.h };
    this.add({ type: 'bubble', rect: r, label: printed });
    return { label, rect: r };
  }

  text(
    x: number,
    y: number,
    text: string,
    size: number,
    extra: Partial<Extract<Element, { type: 'text' }>> = {},
  ) {
    this.add({ type: 'text', x: r2(x), y: r2(y), text, size, ...extra });
  }

  finish(): GeometryPage {
    return { index: this.index, elements: this.elements, regions: this.regions };
  }
}

function anchorRects(w: number, h: number): PageRegions['anchors'] {
  const a = ANCHOR;
  const i = ANCHOR_INSET;
  return [
    { name: '左上定位点', rect: { x: i, y: i, w: a, h: a } },
    { name: '右上定位点', rect: { x: w - i - a, y: i, w: a, h: a } },
    { name: '左下定位点', rect: { x: i, y: h - i - a, w: a, h: a } },
    { name: '右下定位点', rect: { x: w - i - a, y: h - i - a, w: a, h: a } },
  ];
}

// The QR sits right of centre in the title band, well clear of the corner anchors' search windows.
function qrRect(w: number): MmRect {
  return { x: r2(w - SIDE - QR_SIZE - 22), y: TITLE_TOP, w: QR_SIZE, h: QR_SIZE };
}

/** Anchors, page QR, title band and page number: what every page carries. */
export function drawFrame(p: PageBuilder, o: CardOptions, pageCount: number): void {
  for (const a of p.regions.anchors) p.add({ type: 'anchor', name: a.name, rect: a.rect });
  const qr = p.regions.identity.rect;
  const content = encodePageQr({
    templateId: o.cardId,
    page: p.index,
    ...(o.examId ? { examId: o.examId } : {}),
    ...(o.subjectId ? { subjectId: o.subjectId } : {}),
  });
  p.add({ type: 'qr', rect: qr, content });
  const centre = p.width / 2;
  // Keep the title clear of the QR: shrink it when the names are long.
  const room = 2 * (qr.x - 4 - centre);
  const fit = (s: string, pt: number) => Math.min(pt, (pt * room) / Math.max(1, textWidth(s, pt)));
  const subjectLine = `${o.subjectName}  答题卡`;
  if (p.index === 0) {
    p.text(centre, TITLE_TOP + 6.5, o.examName, fit(o.examName, 15), { align: 'center', bold: true });
    p.text(centre, TITLE_TOP + 15, subjectLine, fit(subjectLine, 17), { align: 'center', bold: true });
  } else {
    const line = `${o.examName}  ${subjectLine}`;
    p.text(centre, TITLE_TOP + 9, line, fit(line, 12), { align: 'center', bold: true });
    p.text(centre, TITLE_TOP + 15.5, '请在各题目的答题区域内作答，超出黑色矩形边框限定区域的答案无效', 8, {
      align: 'center',
      colour: LABEL,
    });
  }
  p.text(centre, p.height - 9.2, `${o.subjectName}  第 ${p.index + 1} 页（共 ${pageCount} 页）`, 9, {
    align: 'center',
  });
}

const LABEL = '#333333';
