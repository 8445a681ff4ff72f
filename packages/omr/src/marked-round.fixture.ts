import {
  createRng,
  markBubble,
  printedPages,
  scoreSheet,
  typicalCard,
  type GeneratedSheet,
  type MarkKind,
} from '@yj/scan-sim';
import type { Bubble } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import { applyH } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey } from './node';
import { recognizePage } from './recognize';

// What rings.test and ticked.test share: the typical card read whole, and a pen mark drawn on a page after it was
// scanned (where the truth's transform puts a bubble), so a test can put one exactly where it is about.

export const card = typicalCard();

/** The typical students' marks (scan-sim difficulty.ts), one answer in ten marked `kind` instead of filled. */
export const oneInTen = (kind: MarkKind) => ({
  full: 0.78,
  partial: 0.06,
  offCentre: 0.04,
  light: 0.02,
  [kind]: 0.1,
});

/** The card's printed pages as its template's pictures (as a card the product printed is read). */
export const printedBlanks = (): Promise<Record<number, GreyImage>> => printedPages(card);

/** Recognises a sheet (or its picture drawn on) and scores it against its truth; `blanks`: read with them. */
export async function readSheet(
  reader: BarcodeReader,
  s: GeneratedSheet,
  img?: GreyImage,
  blanks?: Record<number, GreyImage>,
) {
  const r = await recognizePage(img ?? (await decodeGrey(s.jpeg)), card, {
    reader,
    ...(blanks ? { blanks } : {}),
  });
  return { r, score: scoreSheet(card, s.truth, r) };
}

/** Draws a pencil mark of `kind` at one bubble of the scanned page. */
export function markAfterScan(
  img: GreyImage,
  s: GeneratedSheet,
  bubble: Bubble,
  kind: MarkKind,
  seed = 5,
): void {
  const c = applyH(s.truth.transform, {
    x: bubble.rect.x + bubble.rect.w / 2,
    y: bubble.rect.y + bubble.rect.h / 2,
  });
  const { w, h } = bubble.rect;
  markBubble(img, createRng(seed), { x: c.x - w / 2, y: c.y - h / 2, w, h }, 1, kind, 0.8);
}
