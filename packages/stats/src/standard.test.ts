import { describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_BANDS, studentColumns } from './index';

describe('studentColumns', () => {
  it('ranks in the list, school and class, Z / T and 等级赋分 (hand-computed, ties and 缺考)', () => {
    // sat: 80 100 60 80 → mean 80, σ = √((0 + 400 + 400 + 0) / 4) = √200 = 14.142136
    const totals = Float64Array.from([80, 100, 60, NaN, 80]);
    const c = studentColumns(
      totals,
      Int32Array.from([1, 1, 2, 2, 2]),
      Int32Array.from([10, 11, 12, 12, 11]),
      DEFAULT_GRADE_BANDS,
    );
    expect(Array.from(c.best)).toEqual([1, 0, 4, 2]);
    expect(Array.from(c.rank)).toEqual([2, 1, 4, Infinity, 2]);
    // school 1: 100, 80; school 2: 80, 60 (缺考 unranked)
    expect(Array.from(c.rankInSchool)).toEqual([2, 1, 2, 0, 1]);
    // class 11: 100, 80; 10 and 12 one each
    expect(Array.from(c.rankInClass)).toEqual([1, 1, 1, 0, 2]);
    expect(c.standard!.mean).toBe(80);
    expect(c.standard!.sd).toBeCloseTo(14.142136, 6);
    // Z: 0, ±20 / 14.142136 = ±1.414214; T 50, 64.142136, 35.857864
    expect(c.z[0]).toBe(0);
    expect(c.z[1]).toBeCloseTo(1.414214, 6);
    expect(c.z[2]).toBeCloseTo(-1.414214, 6);
    expect(c.t[1]).toBeCloseTo(64.142136, 6);
    expect(c.t[2]).toBeCloseTo(35.857864, 6);
    expect(c.t[4]).toBe(50);
    expect(c.z[3]).toBeNaN();
    expect(c.t[3]).toBeNaN();
    // 4 sat, counts 0.6 → 1, 2.0 → 2, 3.4 → 3, 3.92 → 4: rank 1 (0 above < 1) → A; rank 2 (1 < 2) → B; rank 4
    // (3 above, not < 3; < 4) → D; one score per band: its top points
    expect(Array.from(c.grade)).toEqual([1, 0, 3, -1, 1]);
    expect(Array.from(c.points)).toEqual([85, 100, 55, NaN, 85]);
  });

  it('nobody sat: no figures; one score for all: Z 0, T 50', () => {
    const none = studentColumns(
      Float64Array.from([NaN]),
      Int32Array.of(1),
      Int32Array.of(1),
      DEFAULT_GRADE_BANDS,
    );
    expect(none.standard).toBeNull();
    expect(Array.from(none.z)).toEqual([NaN]);
    const same = studentColumns(Float64Array.of(5, 5), Int32Array.of(1, 1), Int32Array.of(1, 1), []);
    expect([...same.z, ...same.t]).toEqual([0, 0, 50, 50]);
    expect(Array.from(same.rank)).toEqual([1, 1]);
  });
});
