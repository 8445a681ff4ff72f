import type { ScanBatchProgress } from '@yj/contracts';

/**
 * The batches a scan notice is about, as the person at the scanner reads them: 「批次 #3、#1 共 40 页」, five named
 * at most and the rest counted, their pages (`pagesOf` each) added up. `hit` newest first, as the batch list.
 */
export function batchesWith(
  hit: readonly ScanBatchProgress[],
  pagesOf: (b: ScanBatchProgress) => number,
): string {
  const pages = hit.reduce((s, b) => s + pagesOf(b), 0);
  const names = hit
    .slice(0, 5)
    .map((b) => `#${b.batchId}`)
    .join('、');
  return `批次 ${names}${hit.length > 5 ? ` 等 ${hit.length} 个批次` : ''} 共 ${pages} 页`;
}
