import { describe, expect, it } from 'vitest';
import { compareUnits, unitScoreRates } from './units';

describe('compareUnits (联考 schools compared)', () => {
  // full marks 100, 四率 lines 85 / 70 / 60 / 40
  // A: 90, 80, 50  → mean 220/3 = 73.33…, max 90, min 50; excellent 1, good 2, pass 2, low 0 of 3
  // B: 70, 70, 缺考 → mean 70; good 2, pass 2 of 2
  // C: 100, 30, 80 → mean 70 (ties B: both rank 2); excellent 1, good 2, pass 2, low 1 of 3
  // all sat: 90+80+50+70+70+100+30+80 = 570 / 8 = 71.25
  const keys = ['A', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C'];
  const scores = [90, 80, 50, 70, 70, null, 100, 30, 80];
  const figures = compareUnits(keys, scores, 100);

  it('ranks the units by mean, ties sharing a rank', () => {
    expect(figures.map((u) => [u.key, u.rank])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 2],
    ]);
  });

  it('gives each unit its 实考, 缺考, mean, max, min and gap to the whole mean', () => {
    const a = figures[0]!;
    expect([a.sat, a.absent, a.max, a.min]).toEqual([3, 0, 90, 50]);
    expect(a.mean).toBeCloseTo(73.3333, 4);
    expect(a.aboveMean).toBeCloseTo(73.3333 - 71.25, 4);
    const b = figures.find((u) => u.key === 'B')!;
    expect([b.sat, b.absent, b.mean]).toEqual([2, 1, 70]);
  });

  it('counts 四率 over the unit’s own examinees who sat', () => {
    const c = figures.find((u) => u.key === 'C')!;
    expect(c.rates.excellent).toEqual({ count: 1, rate: 1 / 3 });
    expect(c.rates.good.count).toBe(2);
    expect(c.rates.low).toEqual({ count: 1, rate: 1 / 3 });
    expect(figures.find((u) => u.key === 'B')!.rates.pass).toEqual({ count: 2, rate: 1 });
  });

  it('leaves a unit nobody sat unranked, last', () => {
    const out = compareUnits(['X', 'Y'], [null, 10], 20);
    expect(out.map((u) => [u.key, u.rank, u.mean])).toEqual([
      ['Y', 1, 10],
      ['X', null, null],
    ]);
  });
});

describe('unitScoreRates (得分率 of each question per school)', () => {
  it('is the unit mean on the question over its full marks', () => {
    // q1 full 5: A 5, 3 → 4/5 = 0.8; B 1 → 0.2.  q2 full 10: A 10, (缺考) → 1; B 4 → 0.4
    const rates = unitScoreRates(
      ['A', 'A', 'B'],
      [
        [5, 3, 1],
        [10, null, 4],
      ],
      [5, 10],
    );
    expect(rates.get('A')).toEqual([0.8, 1]);
    expect(rates.get('B')).toEqual([0.2, 0.4]);
  });
});
