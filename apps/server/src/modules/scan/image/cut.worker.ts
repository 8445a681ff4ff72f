import sharp from 'sharp';
import { cutBlocks, maskPage, type CutTask, type MaskTask } from './cut-pixels';

// Worker thread of the cut pool: the threads run in parallel, each with one libvips thread.
sharp.concurrency(1);

export default function cut(task: CutTask): Promise<Uint8Array[]> {
  return cutBlocks(task);
}

/** A whole page with regions painted over (the pool's `mask`). */
export function mask(task: MaskTask): Promise<Uint8Array> {
  return maskPage(task);
}
