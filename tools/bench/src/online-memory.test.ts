import { describe, expect, it } from 'vitest';
import { memoryReport, type MemoryPoint } from './online-memory';

const at = (label: string, heapUsed: number, gc = true): MemoryPoint => ({
  label,
  m: { gc, heapUsed, rss: 200, heapTotal: 90, external: 4, arrayBuffers: 0 },
});
const run = (half: number, end: number, gc = true) => [
  at('before', 48),
  at('25 %', 60),
  at('50 %', half),
  at('75 %', 64),
  at('100 %', end, gc),
  at('after', 49),
];

describe('the flat verdict of bench:online', () => {
  it('passes a live heap that grows at most 10 % over the second half, and says by how much', () => {
    const r = memoryReport(run(65, 71));
    expect(r.verdict?.pass).toBe(true);
    expect(r.verdict?.line).toContain('65.0 → 71.0 MB over the second half (+9.2 %');
  });

  it('fails one that grows more', () => {
    expect(memoryReport(run(65, 72)).verdict?.pass).toBe(false);
  });

  it('gives no verdict without a collected sample at 50 and 100 %, but still the table', () => {
    const r = memoryReport(run(65, 65, false));
    expect(r.verdict).toBeNull();
    expect(r.rows[1]).toEqual(['  live heap (after a full GC)', '    48     60     65     64     65     49']);
  });
});
