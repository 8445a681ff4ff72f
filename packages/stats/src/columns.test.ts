import { describe, expect, it } from 'vitest';
import { columnItemStats, columnReliability, fromColumn, groupColumnMeans, toColumn } from './columns';
import { mean } from './describe';
import { extremeGroups, itemStats, type Item } from './items';
import { cronbachAlpha, kr20 } from './reliability';

// The column forms must give the very numbers of the list forms (which are tested by hand): compared exactly
// (toBe / toEqual, no tolerance) on generated exams with absences, questions left out, ties, 0 and full marks.

/** A deterministic generator (mulberry32), so a failing case can be reproduced. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function exam(seed: number, n: number, rightWrongOnly: boolean) {
  const r = random(seed);
  const fulls = [3, 3, 3, 4.5, 4.5, 10];
  const items: Item[] = fulls.map((full) => ({ full, scores: [] as (number | null)[] }));
  const totals: (number | null)[] = [];
  for (let i = 0; i < n; i++) {
    if (r() < 0.05) {
      totals.push(null);
      for (const it of items) (it.scores as (number | null)[]).push(null);
      continue;
    }
    let t = 0;
    items.forEach((it, j) => {
      // question 5 is 选做: a third leave it; subjective ones in half points
      const v =
        j === 4 && r() < 0.3
          ? null
          : rightWrongOnly || j < 3
            ? r() < 0.6
              ? it.full
              : 0
            : Math.round(r() * it.full * 2) / 2;
      (it.scores as (number | null)[]).push(v);
      t += v ?? 0;
    });
    totals.push(t);
  }
  return { items, totals };
}

describe('score columns', () => {
  it('round trip: null ↔ NaN', () => {
    expect(fromColumn(toColumn([1, null, 0, 2.5]))).toEqual([1, null, 0, 2.5]);
  });

  for (const seed of [1, 2, 3]) {
    it(`columnItemStats = itemStats (seed ${seed})`, () => {
      const { items, totals } = exam(seed, 997, false);
      const groups = extremeGroups(totals);
      const t = toColumn(totals);
      for (const it of items)
        expect(columnItemStats(toColumn(it.scores), it.full, t, groups)).toEqual(
          itemStats(it, totals, groups),
        );
    });

    it(`groupColumnMeans = mean per group (seed ${seed})`, () => {
      const { items } = exam(seed, 500, false);
      const r = random(seed + 10);
      const groupOf = Int32Array.from({ length: 500 }, () => Math.floor(r() * 8) - 1);
      const m = groupColumnMeans(
        items.map((it) => toColumn(it.scores)),
        groupOf,
        7,
      );
      for (let g = 0; g < 7; g++)
        items.forEach((it, j) => {
          const xs: number[] = [];
          it.scores.forEach((v, i) => {
            if (groupOf[i] === g && v !== null) xs.push(v);
          });
          expect(m[g * items.length + j]).toBe(mean(xs) ?? NaN);
        });
    });

    it(`columnReliability = cronbachAlpha, and kr20 over the right / wrong questions (seed ${seed})`, () => {
      for (const rw of [false, true]) {
        const { items } = exam(seed, 800, rw);
        // KR-20 as the list form gives it over the right / wrong questions (the first three, or all), on the
        // complete cases of every question
        const kr20Of = (list: Item[], right: number[]) => {
          const complete = (i: number) => list.every((it) => it.scores[i] !== null);
          return kr20(
            right.map((j) => ({
              full: list[j]!.full,
              scores: list[j]!.scores.map((v, i) => (complete(i) ? v : null)),
            })),
          );
        };
        const right = rw ? [0, 1, 2, 3, 4, 5] : [0, 1, 2];
        const got = columnReliability(
          items.map((it) => toColumn(it.scores)),
          items.map((it) => it.full),
        );
        expect(got).toEqual({
          alpha: cronbachAlpha(items),
          kr20: kr20Of(items, right),
          kr20Items: right,
          withheld: null,
        });
        if (rw) expect(got.kr20).toBe(kr20(items));
        // without the 选做 question every examinee who sat is a complete case
        const all = items.filter((_, j) => j !== 4);
        const rightAll = rw ? [0, 1, 2, 3, 4] : [0, 1, 2];
        expect(
          columnReliability(
            all.map((it) => toColumn(it.scores)),
            all.map((it) => it.full),
          ),
        ).toEqual({
          alpha: cronbachAlpha(all),
          kr20: kr20Of(all, rightAll),
          kr20Items: rightAll,
          withheld: null,
        });
      }
    });
  }

  it('edge cases: no examinee, one question, totals without spread', () => {
    const none3 = { alpha: null, kr20: null, kr20Items: [] };
    expect(columnReliability([], [])).toEqual({ ...none3, withheld: 'fewQuestions' });
    expect(columnReliability([toColumn([1, 2])], [2])).toEqual({ ...none3, withheld: 'fewQuestions' });
    const ten = (x: number) => toColumn(Array.from({ length: 10 }, () => x));
    // all 2 of 2 is right / wrong, all 1 of 2 is not
    expect(columnReliability([ten(1), ten(2)], [2, 2])).toEqual({
      ...none3,
      kr20Items: [1],
      withheld: 'noSpread',
    });
    const two = [toColumn([1, 0]), toColumn([2, 0])];
    expect(columnReliability(two, [2, 2])).toEqual({ ...none3, kr20Items: [1], withheld: 'fewExaminees' });
    const none = columnItemStats(
      toColumn([null, null]),
      3,
      toColumn([null, null]),
      extremeGroups([null, null]),
    );
    expect(none).toEqual(itemStats({ full: 3, scores: [null, null] }, [null, null]));
  });
});
