import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunkPercent, planChunks, sumResults } from './chunks';

const img = (n: number, size = 1) => Array.from({ length: n }, (_, i) => ({ name: `${i + 1}.jpg`, size }));

describe('chunks of a large selection', () => {
  it('sends single images 48 at a time and each multi-page file on its own, in order', () => {
    const files = [...img(100), { name: 'a.pdf', size: 5 }, ...img(3)];
    const chunks = planChunks(files);
    expect(chunks.map((c) => c.length)).toEqual([48, 48, 4, 1, 3]);
    expect(chunks.flat()).toEqual(files);
  });

  it('cuts a large run at 24 files, still whole papers of 1–4, 6 or 8 pages', () => {
    const big = Math.ceil(CHUNK_BYTES / 30);
    expect(planChunks(img(60, big)).map((c) => c.length)).toEqual([24, 24, 12]);
  });

  it('adds up the results of a batch and the progress over chunks by bytes', () => {
    const r = (accepted: number) => ({
      batchId: 7,
      files: 2,
      pages: 2,
      accepted,
      duplicates: 2 - accepted,
      papers: 1,
    });
    expect(sumResults([r(2), r(0)])).toEqual({
      batchId: 7,
      files: 4,
      pages: 4,
      accepted: 2,
      duplicates: 2,
      papers: 2,
    });
    expect(sumResults([])).toBeNull();
    expect(chunkPercent([100, 300], 0, 100)).toBe(25);
    expect(chunkPercent([100, 300], 1, 50)).toBe(62);
  });
});
