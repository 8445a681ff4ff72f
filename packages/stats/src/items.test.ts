import { describe, expect, it } from 'vitest';
import { extremeGroups, itemStats, optionDistribution } from './items';

describe('itemStats', () => {
  it('mean, 得分率 / P, D from the top and bottom 27 %, point-biserial', () => {
    // 10 examinees, totals 10…1, question (full 2) scores 2 2 2 1 1 1 0 0 0 0
    // mean 9 / 10 = 0.9, 得分率 0.45; groups round(2.7) = 3: top 2 2 2 → 2, bottom 0 0 0 → 0, D = 2 / 2 = 1
    // r: Σdxdt = 22.5, Σdx² = 6.9, Σdt² = 82.5 → 22.5 / √(6.9 × 82.5) = 0.943042
    const totals = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const s = itemStats({ full: 2, scores: [2, 2, 2, 1, 1, 1, 0, 0, 0, 0] }, totals);
    expect(s.count).toBe(10);
    expect(s.mean).toBeCloseTo(0.9, 10);
    expect(s.scoreRate).toBeCloseTo(0.45, 10);
    expect(s.discrimination).toBe(1);
    expect(s.pointBiserial).toBeCloseTo(0.943042, 6);
  });

  it('a right / wrong question: r equals the point-biserial formula (Mp − Mq) / σ × √(pq)', () => {
    // totals 4 3 2 1, right 1 1 0 0: Mp 3.5, Mq 1.5, σ √1.25, p = q = 0.5 → 2 / 1.118034 × 0.5 = 0.894427
    // groups round(1.08) = 1: top 1, bottom 0 → D 1
    const s = itemStats({ full: 1, scores: [1, 1, 0, 0, null] }, [4, 3, 2, 1, null]);
    expect(s.pointBiserial).toBeCloseTo(0.894427, 6);
    expect(s.discrimination).toBe(1);
    expect(s.count).toBe(4);
  });

  it('absent examinees leave the groups; everybody full marks: P 1, D 0, r null (no spread)', () => {
    expect(extremeGroups([null, 5, 9, null, 1])).toEqual({
      top: { at: [2], weight: [1] },
      bottom: { at: [4], weight: [1] },
    });
    const s = itemStats({ full: 3, scores: [3, 3, 3] }, [10, 7, 5]);
    expect(s).toMatchObject({ scoreRate: 1, discrimination: 0, pointBiserial: null });
    expect(itemStats({ full: 3, scores: [null] }, [null])).toMatchObject({
      count: 0,
      mean: null,
      scoreRate: null,
    });
  });

  it('examinees tied at a group edge share its places, whatever their order', () => {
    // 4 examinees → round(1.08) = 1 place each; totals 5 5 1 1: both 5s (and both 1s) at half a place
    expect(extremeGroups([5, 5, 1, 1])).toEqual({
      top: { at: [0, 1], weight: [0.5, 0.5] },
      bottom: { at: [3, 2], weight: [0.5, 0.5] },
    });
    // 10 examinees → round(2.7) = 3 places. Totals 9 8 7 7 7 5 4 3 3 2, question (full 2) 2 2 | 2 0 1 | 1 0 | 0 2 0
    // top: 9, 8 and one place for the three 7s (1 / 3 each): (2 + 2 + (2 + 0 + 1) / 3) / 3 = 5 / 3
    // bottom: 2, and both 3s (two places left, two examinees): (0 + 0 + 2) / 3 = 2 / 3 → D = (5/3 − 2/3) / 2 = 0.5
    // (the first 7 by list order alone gave 2 → D 0.67, or 0 → D 0.33 with the 7s in another order)
    const totals = [9, 8, 7, 7, 7, 5, 4, 3, 3, 2];
    const scores = [2, 2, 2, 0, 1, 1, 0, 0, 2, 0];
    expect(itemStats({ full: 2, scores }, totals).discrimination).toBeCloseTo(0.5, 12);
    const order = [4, 1, 9, 3, 0, 8, 2, 6, 5, 7];
    const d = itemStats(
      { full: 2, scores: order.map((i) => scores[i]!) },
      order.map((i) => totals[i]!),
    ).discrimination;
    expect(d).toBeCloseTo(0.5, 12);
  });

  it('a single examinee has no D (both groups would be the one examinee), not 0', () => {
    expect(itemStats({ full: 2, scores: [1, null] }, [7, null]).discrimination).toBeNull();
    expect(extremeGroups([7])).toEqual({ top: { at: [], weight: [] }, bottom: { at: [], weight: [] } });
  });
});

describe('optionDistribution', () => {
  it('counts whole answers, blanks as "", absent left out', () => {
    expect(optionDistribution(['A', 'B', 'A', '', null, 'AC'])).toEqual([
      { answer: '', count: 1 },
      { answer: 'A', count: 2 },
      { answer: 'AC', count: 1 },
      { answer: 'B', count: 1 },
    ]);
  });
});
