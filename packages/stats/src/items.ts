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
  /** discrimination D = (mean of the top 27 % − mean of the bottom 27 %) / full marks */
  discrimination: number | null;
  /** point-biserial: Pearson r of the question score with the total (the question left in the total) */
  pointBiserial: number | null;
}

/** The share of examinees in each of the top and bottom groups for D (Kelley's 27 %). */
export const GROUP_SHARE = 0.27;

/**
 * The top and bottom 27 % by total, as positions in `totals`: round(27 % × 实考) examinees each (at least 1),
 * taken from the totals sorted high to low; equal totals at a group's edge are taken in list order (a fixed
 * group size keeps the two groups comparable, which splitting ties would not). `idx`: the totals' `bestFirst`,
 * when the caller has it already.
 */
export function extremeGroups(
  totals: Scores | Column,
  idx = bestFirst(totals),
): { top: number[]; bottom: number[] } {
  if (idx.length === 0) return { top: [], bottom: [] };
  const g = Math.max(1, Math.round(GROUP_SHARE * idx.length));
  return { top: Array.from(idx.subarray(0, g)), bottom: Array.from(idx.subarray(idx.length - g)) };
}

function groupMean(item: Item, group: readonly number[]): number | null {
  return mean(group.map((i) => item.scores[i]).filter((s): s is number => s !== null && s !== undefined));
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
  const hi = groupMean(item, groups.top);
  const lo = groupMean(item, groups.bottom);
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
