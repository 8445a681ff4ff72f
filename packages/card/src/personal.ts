import { r2, textWidth } from './metrics';
import type { CardGeometry, Element, GeometryPage, MmRect } from './types';
import bwipjs from 'bwip-js/browser';

// 个性化答题卡: one copy of the card per student, the student's 考号 printed as a Code 128 barcode (with name and
// class above it) in the card's barcode box, so no student fills an id or sticks a label. Recognition reads the box
// as it reads a stuck barcode label (the template's `code128` region), so the printed copies need no other template.

/** Who a printed copy belongs to. */
export interface PersonalSheet {
  examNumber: string;
  name: string;
  className: string;
}

/** Narrowest bar (mm): 2.4 px at 150 dpi, what zxing reads from a skewed office scan. */
const MODULE_MIN = 0.3;
/** Widest bar: beyond it a long box only makes the code wider, not easier to read. */
const MODULE_MAX = 0.5;
/** Quiet zone each side, in modules (Code 128 asks for 10). */
const QUIET = 10;
const BAR_HEIGHT = 14;
const NAME_PT = 10.5;
const NUMBER_PT = 9;

/** Bars of a Code 128 symbol as [offset, width] in modules, and its width in modules. */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const out = bwipjs.raw({ bcid: 'code128', text } as Parameters<typeof bwipjs.raw>[0]);
  const sym = out[0];
  if (!sym || !('sbs' in sym)) throw new Error('条码生成失败');
  const bars: [number, number][] = [];
  let x = 0;
  (sym.sbs as number[]).forEach((w, i) => {
    // sbs alternates bar, space, bar … from a bar
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return { bars, modules: x };
}

/** The module width that fits the symbol and its quiet zones into a box `width` mm wide, or null when none does. */
export function moduleWidth(modules: number, width: number): number | null {
  const m = Math.min(MODULE_MAX, width / (modules + 2 * QUIET));
  return m >= MODULE_MIN ? r2(m) : null;
}

/** Thrown when a 考号 is too long for the card's barcode box: a shorter number or a wider paper is needed. */
export class PersonalSheetError extends Error {}

function personalPage(p: GeometryPage, s: PersonalSheet): GeometryPage {
  const region = p.regions.examNumber;
  if (region?.kind !== 'code128') return p;
  const box = region.rect;
  const inside = (e: Element) =>
    e.type === 'text' && e.x >= box.x && e.x <= box.x + box.w && e.y >= box.y && e.y <= box.y + box.h;
  const { bars, modules } = code128Bars(s.examNumber);
  const m = moduleWidth(modules, box.w);
  if (m === null) throw new PersonalSheetError(`考号 ${s.examNumber} 太长，条形码框放不下`);
  const cx = box.x + box.w / 2;
  const x0 = cx - (modules * m) / 2;
  const barTop = box.y + box.h / 2 - BAR_HEIGHT / 2 + 2;
  const rects: Element[] = bars.map(([o, w]) => ({
    type: 'rect',
    rect: { x: r2(x0 + o * m), y: r2(barTop), w: r2(w * m), h: BAR_HEIGHT } satisfies MmRect,
    fill: '#000000',
  }));
  const who = `${s.className}  ${s.name}`;
  const whoPt = Math.min(NAME_PT, (NAME_PT * (box.w - 4)) / Math.max(1, textWidth(who, NAME_PT)));
  return {
    ...p,
    elements: [
      ...p.elements.filter((e) => !inside(e)),
      { type: 'text', x: r2(cx), y: r2(barTop - 2.5), text: who, size: whoPt, align: 'center', bold: true },
      ...rects,
      {
        type: 'text',
        x: r2(cx),
        y: r2(barTop + BAR_HEIGHT + 4),
        text: s.examNumber,
        size: NUMBER_PT,
        align: 'center',
      },
    ],
  };
}

/** The card as printed for one student; pages without a barcode box unchanged. */
export function personalise(g: CardGeometry, s: PersonalSheet): CardGeometry {
  return { ...g, pages: g.pages.map((p) => personalPage(p, s)) };
}

/** Whether the card has a barcode box to print a student's code in. */
export const hasBarcodeBox = (g: CardGeometry) =>
  g.pages.some((p) => p.regions.examNumber?.kind === 'code128');
