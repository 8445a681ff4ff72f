import type { ScanUploadResult } from '@yj/contracts';

/**
 * Files of single images per request. 48 is a multiple of every card's page count from 1 to 4, 6 and 8,
 * so a chunk always holds whole papers (the server checks the page count of each request, spec §5)
 * without the browser knowing which template the server scans with.
 */
export const CHUNK_FILES = 48;
/** Large files: a chunk is cut at 24 files (also a multiple of those page counts) past half this size. */
export const CHUNK_BYTES = 200 * 1024 * 1024;

const CONTAINER = /\.(tiff?|pdf|zip)$/i;

/**
 * Cuts an ordered selection into requests: single images CHUNK_FILES at a time (24 when large), each
 * multi-page file (tif, pdf, zip) on its own — its pages are whole papers by themselves.
 */
export function planChunks<T extends { name: string; size: number }>(files: T[]): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  const flush = () => {
    if (run.length) out.push(run);
    run = [];
    bytes = 0;
  };
  for (const f of files) {
    if (CONTAINER.test(f.name)) {
      flush();
      out.push([f]);
      continue;
    }
    if (run.length === CHUNK_FILES || (run.length === CHUNK_FILES / 2 && bytes > CHUNK_BYTES / 2)) flush();
    run.push(f);
    bytes += f.size;
  }
  flush();
  return out;
}

/** The results of a batch's chunks added up, as one upload. */
export function sumResults(results: ScanUploadResult[]): ScanUploadResult | null {
  if (!results.length) return null;
  return results.reduce((a, b) => ({
    batchId: a.batchId,
    files: a.files + b.files,
    pages: a.pages + b.pages,
    accepted: a.accepted + b.accepted,
    duplicates: a.duplicates + b.duplicates,
    papers: a.papers + b.papers,
  }));
}

/** Overall percent while chunk `index` of `sizes` is `percent` sent (by bytes). */
export function chunkPercent(sizes: number[], index: number, percent: number): number {
  const total = sizes.reduce((s, x) => s + x, 0) || 1;
  const before = sizes.slice(0, index).reduce((s, x) => s + x, 0);
  return Math.min(100, Math.floor(((before + (sizes[index] ?? 0) * (percent / 100)) / total) * 100));
}
