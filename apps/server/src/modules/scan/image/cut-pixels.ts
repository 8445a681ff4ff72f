import sharp from 'sharp';
import type { BlockRegion, PageStreaks, TemplateRect } from '@yj/contracts';
import {
  applyH,
  CUT_GAP,
  cutRegion,
  stackImages,
  withoutThinStreaks,
  type GreyImage,
  type Matrix3,
} from '@yj/omr';
import { decodeGrey, encodeJpegGreyNative } from '@yj/omr/node';
import { CUT_JPEG } from './scan-cut';

// The pixel work of a block image (decode, deskew, stack, encode) and of a masked whole page (decode, paint,
// encode): run on the cut pool's worker threads (cut-pool.ts), and for template previews in the process itself.

/**
 * Encoded at the quality of the subjective crops of recognition: by libjpeg-turbo's native binding where it
 * loads (half sharp's time), else by sharp.
 */
export const jpeg = async (img: GreyImage): Promise<Buffer> =>
  encodeJpegGreyNative(img, CUT_JPEG.quality) ??
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .jpeg(CUT_JPEG)
    .toBuffer();

export type Decoded = { img: GreyImage; matrix: Matrix3 };

/**
 * Each region cut from the picture of its template page, stacked top to bottom in the block's order. `decoded`
 * holds the pages decoded so far: several blocks of one paper share them (a page is decoded once).
 */
export async function cutRegions(
  regions: BlockRegion[],
  pageOf: (page: number) => Promise<Decoded>,
  decoded = new Map<number, Promise<Decoded>>(),
): Promise<Buffer> {
  const parts: GreyImage[] = [];
  for (const r of regions) {
    if (!decoded.has(r.page)) decoded.set(r.page, pageOf(r.page));
    const { img, matrix } = await decoded.get(r.page)!;
    parts.push(cutRegion(img, matrix, r));
  }
  return jpeg(stackImages(parts, CUT_GAP));
}

/** One paper's cut: the stored bytes and registration of the template pages its blocks use, and the blocks. */
export interface CutTask {
  pages: { index: number; bytes: Uint8Array; matrix: Matrix3; streaks: PageStreaks }[];
  blocks: BlockRegion[][];
}

/** The CPU part of a cut (decode, deskew, stack, encode), run on a worker thread: one JPEG per block. */
export async function cutBlocks(task: CutTask): Promise<Uint8Array[]> {
  const decoded = new Map<number, Promise<Decoded>>();
  const out: Uint8Array[] = [];
  for (const regions of task.blocks)
    out.push(
      await cutRegions(
        regions,
        async (index) => {
          const page = task.pages.find((p) => p.index === index)!;
          // as recognition read it: a marker must not take a line down the scanner's glass for a stroke
          return { img: withoutThinStreaks(await decodeGrey(page.bytes), page.streaks), matrix: page.matrix };
        },
        decoded,
      ),
    );
  return out;
}

/** A rectangle of image pixels, integer, inside the image. */
export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Template regions as image rectangles through the page's registration (their corners' extent). */
export function toPixels(
  regions: TemplateRect[],
  matrix: Matrix3,
  image: { width: number; height: number },
  pad = 0,
): PixelRect[] {
  const out: PixelRect[] = [];
  for (const r of regions) {
    const corners = [
      { x: r.x - pad, y: r.y - pad },
      { x: r.x + r.w + pad, y: r.y - pad },
      { x: r.x - pad, y: r.y + r.h + pad },
      { x: r.x + r.w + pad, y: r.y + r.h + pad },
    ].map((p) => applyH(matrix, p));
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
    const x1 = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c.x))));
    const y1 = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c.y))));
    if (x1 > x0 && y1 > y0) out.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }
  return out;
}

/** The grey of a masked area: plainly not paper, so nobody takes it for a blank head. */
export const MASK_GREY = 160;

/** Paints the rectangles over a greyscale image in place. */
export function paint(img: { width: number; data: Uint8Array }, rects: PixelRect[]): void {
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++)
      img.data.fill(MASK_GREY, y * img.width + r.x, y * img.width + r.x + r.w);
}

/** One whole page with regions painted over: its stored bytes, its registration, the regions in template pixels. */
export interface MaskTask {
  bytes: Uint8Array;
  matrix: Matrix3;
  regions: TemplateRect[];
}

/** The CPU part of a masked page (decode, paint, encode), run on a worker thread: one greyscale JPEG. */
export async function maskPage(task: MaskTask): Promise<Uint8Array> {
  const img = await decodeGrey(task.bytes);
  paint(img, toPixels(task.regions, task.matrix, img));
  return jpeg(img);
}
