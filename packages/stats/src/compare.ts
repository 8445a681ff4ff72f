import { mean, present, type Scores } from './describe';
import { ranks } from './rank';

export interface GroupComparison<K> {
  key: K;
  sat: number;
  mean: number | null;
  /** group mean − reference mean */
  diff: number | null;
  /** 超均率 (group mean − reference mean) / reference mean; null when the reference mean is 0 or missing */
  overRate: number | null;
  /** rank of the group mean among the groups (competition ranking; groups nobody sat get none) */
  rank: number | null;
}

/**
 * Class comparison (or school, or any set of groups) against a reference mean — the grade's or the joint
 * exam's, computed over all its examinees (not the mean of group means, which would weigh a class of 10 like
 * one of 50).
 */
export function compareGroups<K>(
  groups: readonly { key: K; scores: Scores }[],
  referenceMean: number | null,
): GroupComparison<K>[] {
  return compareMeans(
    groups.map((g) => {
      const xs = present(g.scores);
      return { key: g.key, sat: xs.length, mean: mean(xs) };
    }),
    referenceMean,
  );
}

/**
 * `compareGroups` of groups whose figures are known already (a report's groups: their count sat and mean, the
 * mean of their scores sat in list order) — no list of scores gathered again per group.
 */
export function compareMeans<K>(
  groups: readonly { key: K; sat: number; mean: number | null }[],
  referenceMean: number | null,
): GroupComparison<K>[] {
  const r = ranks(groups.map((g) => g.mean));
  return groups.map((g, i) => {
    const m = g.mean;
    const diff = m === null || referenceMean === null ? null : m - referenceMean;
    return {
      key: g.key,
      sat: g.sat,
      mean: m,
      diff,
      overRate: diff === null || !referenceMean ? null : diff / referenceMean,
      rank: r[i]!,
    };
  });
}

export interface Critical {
  index: number;
  score: number;
  /** score − cut: negative just below the line, ≥ 0 on or above it */
  gap: number;
}

/** Whether a score `gap` points from a cut line is within `within` of it (either side; a float's tolerance). */
export const isCritical = (gap: number, within: number) => Math.abs(gap) <= within + 1e-9;

/**
 * 临界生: the examinees within `within` points of a cut line, on either side (|score − cut| ≤ within), closest
 * first. The index is the position in `scores`. 缺考 are never critical.
 */
export function criticalStudents(scores: Scores, cut: number, within: number): Critical[] {
  const out: Critical[] = [];
  scores.forEach((s, index) => {
    if (s === null) return;
    const gap = s - cut;
    if (isCritical(gap, within)) out.push({ index, score: s, gap });
  });
  return out.sort((a, b) => Math.abs(a.gap) - Math.abs(b.gap) || a.index - b.index);
}
