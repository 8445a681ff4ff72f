import sharp from 'sharp';
import { cutBlocks, type CutTask } from './cut-pixels';

// Worker thread of the cut pool: the threads run in parallel, each with one libvips thread.
sharp.concurrency(1);

export default function cut(task: CutTask): Promise<Uint8Array[]> {
  return cutBlocks(task);
}
