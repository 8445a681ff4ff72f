import type { ScanBatchProgress } from '@yj/contracts';

/** A finished batch of 40 pages as the batch list holds it, for the scan notices' tests; `over` sets the rest. */
export const finishedBatch = (batchId: number, over: Partial<ScanBatchProgress> = {}): ScanBatchProgress => ({
  batchId,
  schoolId: 1,
  schoolName: '阳光实验中学',
  source: 'upload',
  uploader: '王校长',
  duplicates: 0,
  streaked: 0,
  thresholded: 0,
  foreign: 0,
  state: 'done',
  voidedAt: null,
  createdAt: '2026-11-30T05:00:00.000Z',
  pages: 40,
  queued: 0,
  recognised: 40,
  exception: 0,
  blank: 0,
  ...over,
});
