import type { Column } from './columns';
import { mean, type Scores } from './describe';
import { bestFirst } from './rank';

/** One question: its full marks and every examinee's score on it (null: absent, or a 选做 question not chosen). */
export interface Item {
  full: number;
  scores: Scores;
}

export interface ItemStats {
  /** examinees with a score on the question */
  count: number;
  mean: number | null;
  /** 得分率 = mean / full marks; it is also the difficulty P of Chinese reports (higher = easier) */
  scoreRate: number | null;
  /** discrimination D = (mean of the top 27 % − mean of the bottom 27 %) / full marks; null under 2 sat */
  discrimination: number | null;
  /** point-biserial: Pearson r of the question score with the total (the question left in the total) */
  pointBiserial: number | null;
}

/** The share of examinees in each of the top and bottom groups for D (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;

/**
 * One of the 27 % groups of D: examinees by position in the totals, each with its weight — 1, or a share for
 * the examinees tied at the group's edge (see `extremeGroups`). The weights add up to the group's size.
 */
export interface ExtremeGroup {
  at: number[];
  weight: number[];
}

/**
 * The top and bottom 27 % by total for D: g = round(27 % × 实考) examinees each (half up). Examinees whose equal
 * totals straddle a group's edge are all in it, each counted with an equal share of the places left (3 tied
 * for 2 places: each weighs 2 / 3) — the group keeps its size, and its mean does not depend on the order the
 * examinees come in (taking some of the tied by list order, i.e. by examinee id, moved D in its second
 * decimal when that order changed). Fewer than 2 sat: no groups (one examinee is both; D does not exist).
 * `idx`: the totals' `bestFirst`, when the caller has it already.
 */
export function extremeGroups(
  totals: Scores | Column,
  idx = bestFirst(totals),
): { top: ExtremeGroup; bottom: ExtremeGroup } {
  const n = idx.length;
  if (n < 2) return { top: { at: [], weight: [] }, bottom: { at: [], weight: [] } };
  const g = Math.floor(GROUP_SHARE * n + 0.5);
  const total = (k: number) => totals[idx[k]!] as number;
  /** The first g places walking from `from` by `step`, whole tie blocks, the one at the edge shared. */
  const take = (from: number, step: 1 | -1): ExtremeGroup => {
    const out: ExtremeGroup = { at: [], weight: [] };
    let k = from;
    let left = g;
    while (left > 0) {
      let end = k;
      while (end + step >= 0 && end + step < n && total(end + step) === total(k)) end += step;
      const size = Math.abs(end - k) + 1;
      const w = size <= left ? 1 : left / size;
      for (let m = k; m !== end + step; m += step) {
        out.at.push(idx[m]!);
        out.weight.push(w);
      }
      left -= Math.min(size, left);
      k = end + step;
    }
    return out;
  };
  return { top: take(0, 1), bottom: take(n - 1, -1) };
}

/** The weighted mean of a question's scores over a group (members without a score left out); null: none. */
export function groupMeanOf(scores: ArrayLike<number | null>, group: ExtremeGroup): number | null {
  let s = 0;
  let w = 0;
  for (let m = 0; m < group.at.length; m++) {
    const x = scores[group.at[m]!];
    if (x === null || x === undefined || x !== x) continue;
    s += group.weight[m]! * x;
    w += group.weight[m]!;
  }
  return w > 0 ? s / w : null;
}

/** Pearson correlation of two equally long lists; null when either has no spread or fewer than 2 values. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const mx = mean(x)!;
  const my = mean(y)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * Per-question figures against the examinees' totals (same positions). Pass `groups` from `extremeGroups`
 * when analysing many questions of one subject, so the sort runs once.
 */
export function itemStats(item: Item, totals: Scores, groups = extremeGroups(totals)): ItemStats {
  const xs: number[] = [];
  const ts: number[] = [];
  item.scores.forEach((s, i) => {
    const t = totals[i];
    if (s !== null && t !== null && t !== undefined) {
      xs.push(s);
      ts.push(t);
    }
  });
  const m = mean(xs);
  const hi = groupMeanOf(item.scores, groups.top);
  const lo = groupMeanOf(item.scores, groups.bottom);
  return {
    count: xs.length,
    mean: m,
    scoreRate: m === null || !item.full ? null : m / item.full,
    discrimination: hi === null || lo === null || !item.full ? null : (hi - lo) / item.full,
    pointBiserial: pearson(xs, ts),
  };
}

/**
 * Option distribution of an objective question: how many examinees gave each answer (a multiple-choice
 * answer counts as its whole string, e.g. "AC"), and how many left it blank (empty string). Absent
 * examinees (null) are not counted. Answers sorted by letter.
 */
export function optionDistribution(answers: readonly (string | null)[]): { answer: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const a of answers) {
    if (a === null) continue;
    counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return [...counts]
    .map(([answer, count]) => ({ answer, count }))
    .sort((a, b) => a.answer.localeCompare(b.answer));
}
