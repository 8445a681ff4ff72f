import { describe, expect, it } from 'vitest';
import { memoryReport, type MemoryPoint } from './online-memory';

const at = (label: string, heapUsed: number, gc = true): MemoryPoint => ({
  label,
  m: { gc, heapUsed, rss: 200, heapTotal: 90, external: 4, arrayBuffers: 0 },
});
const run = (half: number, end: number, gc = true, idle = 49) => [
  at('before', 48),
  at('25 %', 60),
  at('50 %', half),
  at('75 %', 64),
  at('100 %', end, gc),
  at('idle', idle),
];

describe('the flat verdict of bench:online', () => {
  it('passes a live heap that grows at most 10 % over the second half, and says by how much', () => {
    const [second] = memoryReport(run(65, 71)).verdicts;
    expect(second?.pass).toBe(true);
    expect(second?.line).toContain('over the second half: 65.0 → 71.0 MB (+9.2 %');
  });

  it('fails one that grows more', () => {
    expect(memoryReport(run(65, 72)).verdicts[0]?.pass).toBe(false);
  });

  it('fails a server that keeps more than 10 % once idle than before the load', () => {
    expect(memoryReport(run(65, 65, true, 52.8)).verdicts.map((v) => v?.pass)).toEqual([true, true]);
    expect(memoryReport(run(65, 65, true, 53)).verdicts.map((v) => v?.pass)).toEqual([true, false]);
  });

  it('gives no verdict without a collected sample at 50 and 100 %, but still the table', () => {
    const r = memoryReport(run(65, 65, false));
    expect(r.verdicts[0]).toBeNull();
    expect(r.rows[1]).toEqual(['  live heap (after a full GC)', '    48     60     65     64     65     49']);
  });
});
