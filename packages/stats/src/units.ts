import { mean } from './describe';
import { fourRatesOf, DEFAULT_RATE_THRESHOLDS, type FourRates, type RateThresholds } from './rates';

/** One unit of a 联考 compared with the others (a district, a school, a class): its figures over its examinees. */
export interface UnitFigures<K> {
  key: K;
  /** 实考: examinees with a score */
  sat: number;
  /** 缺考 (no score) */
  absent: number;
  mean: number | null;
  max: number | null;
  min: number | null;
  rates: FourRates;
  /** rank of the unit's mean among the units (1 best, ties share a rank); null when nobody sat */
  rank: number | null;
  /** unit mean − whole mean (超均), null when either is missing */
  aboveMean: number | null;
}

/**
 * 联考 comparison of units (issue 35): each unit's 实考, mean, max, min and 四率 over its own examinees, the rank
 * of its mean among the units (competition ranking: 1, 1, 3), and its gap to the mean of all examinees. `keys[i]`
 * is examinee i's unit, `scores[i]` their score (null: 缺考). Units come out best mean first, then units nobody sat.
 */
export function compareUnits<K>(
  keys: readonly K[],
  scores: readonly (number | null)[],
  fullMarks: number,
  t: RateThresholds = DEFAULT_RATE_THRESHOLDS,
): UnitFigures<K>[] {
  const by = new Map<K, { xs: number[]; absent: number }>();
  for (let i = 0; i < keys.length; i++) {
    const u = by.get(keys[i]!) ?? { xs: [], absent: 0 };
    const s = scores[i];
    if (s === null || s === undefined || Number.isNaN(s)) u.absent++;
    else u.xs.push(s);
    by.set(keys[i]!, u);
  }
  const all = scores.filter((s): s is number => s !== null && !Number.isNaN(s));
  const whole = mean(all);
  const out: UnitFigures<K>[] = [...by].map(([key, u]) => {
    const m = mean(u.xs);
    return {
      key,
      sat: u.xs.length,
      absent: u.absent,
      mean: m,
      max: u.xs.length ? Math.max(...u.xs) : null,
      min: u.xs.length ? Math.min(...u.xs) : null,
      rates: fourRatesOf(u.xs, fullMarks, t),
      rank: null,
      aboveMean: m !== null && whole !== null ? m - whole : null,
    };
  });
  out.sort((a, b) => (b.mean ?? -Infinity) - (a.mean ?? -Infinity));
  let last: number | null = null;
  out.forEach((u, i) => {
    if (u.mean === null) return;
    u.rank = last !== null && out[i - 1]!.mean === u.mean ? last : i + 1;
    last = u.rank;
  });
  return out;
}

/**
 * 得分率 of each question per unit: the unit's mean score on the question over its full marks, among the
 * examinees who sat (null score: 缺考, left out). `questionScores[q][i]` is examinee i's score on question q.
 */
export function unitScoreRates<K>(
  keys: readonly K[],
  questionScores: readonly (readonly (number | null)[])[],
  fullMarks: readonly number[],
): Map<K, (number | null)[]> {
  const units = [...new Set(keys)];
  const out = new Map<K, (number | null)[]>(units.map((u) => [u, []]));
  questionScores.forEach((col, q) => {
    const sum = new Map<K, { s: number; n: number }>();
    col.forEach((x, i) => {
      if (x === null || Number.isNaN(x)) return;
      const a = sum.get(keys[i]!) ?? { s: 0, n: 0 };
      a.s += x;
      a.n++;
      sum.set(keys[i]!, a);
    });
    for (const u of units) {
      const a = sum.get(u);
      out.get(u)!.push(a && a.n && fullMarks[q]! > 0 ? a.s / a.n / fullMarks[q]! : null);
    }
  });
  return out;
}
