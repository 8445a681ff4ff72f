import sharp from 'sharp';
import type { BlockRegion } from '@yj/contracts';
import { cutRegion, stackImages, type GreyImage, type Matrix3 } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import { CUT_JPEG } from './scan-cut';

// The pixel work of a block image (decode, deskew, stack, encode): run on the cut pool's worker threads
// (cut-pool.ts), and for template previews in the process itself.

// Between two regions of one block: a white strip, so the marker sees where one region ends.
const GAP = 12;

/** Encoded as the subjective crops of recognition. */
export const jpeg = (img: GreyImage): Promise<Buffer> =>
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
  return jpeg(stackImages(parts, GAP));
}

/** One paper's cut: the stored bytes and registration of the template pages its blocks use, and the blocks. */
export interface CutTask {
  pages: { index: number; bytes: Uint8Array; matrix: Matrix3 }[];
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
          return { img: await decodeGrey(page.bytes), matrix: page.matrix };
        },
        decoded,
      ),
    );
  return out;
}
