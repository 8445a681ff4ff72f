import type { Scores } from './describe';
import { groupMeanOf, type ExtremeGroup, type ItemStats } from './items';
import { reliabilityWithheld, type ReliabilityWithheld } from './reliability';

/**
 * The per-question figures of a large exam over score columns instead of lists of nullable numbers: one
 * Float64Array per question (or subject), one value per examinee, NaN where there is none (缺考, a 选做
 * question not chosen). The same figures as `itemStats`, `cronbachAlpha`, `kr20` and a mean per group, with
 * every sum taken in the same order, so the results are the very same numbers — only without an array or an
 * object per examinee (100,000 examinees × 40 questions of a subject).
 */
export type Column = Float64Array;

/** A score list as a column (null → NaN). */
export function toColumn(scores: Scores): Column {
  const out = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) out[i] = scores[i] ?? NaN;
  return out;
}

/** A column as a score list (NaN → null). */
export function fromColumn(col: Column): (number | null)[] {
  const out = new Array<number | null>(col.length);
  for (let i = 0; i < col.length; i++) out[i] = Number.isNaN(col[i]) ? null : col[i]!;
  return out;
}

/**
 * `itemStats` of one question column against the totals column (NaN: 缺考), with the top and bottom groups of
 * `extremeGroups` over the same totals.
 */
export function columnItemStats(
  scores: Column,
  full: number,
  totals: Column,
  groups: { top: ExtremeGroup; bottom: ExtremeGroup },
): ItemStats {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < scores.length; i++) {
    const x = scores[i]!;
    const y = totals[i]!;
    if (x === x && y === y) {
      n++;
      sx += x;
      sy += y;
    }
  }
  const m = n ? sx / n : null;
  let r: number | null = null;
  if (n >= 2) {
    const my = sy / n;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < scores.length; i++) {
      const x = scores[i]!;
      const y = totals[i]!;
      if (x === x && y === y) {
        const dx = x - m!;
        const dy = y - my;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
      }
    }
    r = sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
  }
  const hi = groupMeanOf(scores, groups.top);
  const lo = groupMeanOf(scores, groups.bottom);
  return {
    count: n,
    mean: m,
    scoreRate: m === null || !full ? null : m / full,
    discrimination: hi === null || lo === null || !full ? null : (hi - lo) / full,
    pointBiserial: r,
  };
}

/**
 * The mean of every column within every group: `groupOf[i]` is examinee i's group (0 … groups − 1, or −1 for
 * none). Result: groups × columns means, row by group, NaN where a group has no value of a column.
 */
export function groupColumnMeans(cols: readonly Column[], groupOf: Int32Array, groups: number): Float64Array {
  return groupingsColumnMeans(cols, [{ groupOf, groups }])[0]!;
}

/**
 * `groupColumnMeans` for several groupings of the same examinees (schools and classes) in one pass over the
 * columns for each two of them, each sum taken in the same order.
 */
export function groupingsColumnMeans(
  cols: readonly Column[],
  groupings: readonly { groupOf: Int32Array; groups: number }[],
): Float64Array[] {
  const k = cols.length;
  const sums = groupings.map((g) => new Float64Array(g.groups * k));
  const counts = groupings.map((g) => new Int32Array(g.groups * k));
  // two groupings per walk (a report's schools and classes in one): as fast as a walk written for the two,
  // where a loop over any number of groupings inside the walk cost half as much again
  for (let h = 0; h < groupings.length; h += 2) {
    const ga = groupings[h]!.groupOf;
    const sa = sums[h]!;
    const ca = counts[h]!;
    const gb = groupings[h + 1]?.groupOf ?? null;
    const sb = sums[h + 1]!;
    const cb = counts[h + 1]!;
    for (let j = 0; j < k; j++) {
      const col = cols[j]!;
      for (let i = 0; i < col.length; i++) {
        const v = col[i]!;
        if (v !== v) continue;
        const x = ga[i]!;
        if (x >= 0) {
          sa[x * k + j] = sa[x * k + j]! + v;
          ca[x * k + j]!++;
        }
        if (gb === null) continue;
        const y = gb[i]!;
        if (y >= 0) {
          sb[y * k + j] = sb[y * k + j]! + v;
          cb[y * k + j]!++;
        }
      }
    }
  }
  return sums.map((sum, h) => {
    const count = counts[h]!;
    for (let x = 0; x < sum.length; x++) sum[x] = count[x] ? sum[x]! / count[x]! : NaN;
    return sum;
  });
}

/** Population variance over the rows `at` of a column, two passes, as `variance` computes it. */
function varianceAt(values: Float64Array, at: Int32Array | null, n: number): number {
  let s = 0;
  for (let r = 0; r < n; r++) s += values[at ? at[r]! : r]!;
  const m = s / n;
  let d = 0;
  for (let r = 0; r < n; r++) {
    const x = values[at ? at[r]! : r]! - m;
    d += x * x;
  }
  const sd = Math.sqrt(d / n);
  return sd * sd;
}

/**
 * Cronbach's α and KR-20 of question columns, over the examinees with a score on every question; null with the
 * reason `reliabilityWithheld` gives (fewer than 2 questions or RELIABILITY_MIN_EXAMINEES examinees, totals that
 * do not vary). α as `cronbachAlpha` computes it over every column. KR-20 as `kr20` computes it over the
 * right / wrong questions among them — those every examinee scored 0 or full marks on (full marks above 0),
 * `kr20Items` their positions, given even when the figures are withheld — on the scale of the number right;
 * null when fewer than 2 such questions or the number right does not vary.
 */
export function columnReliability(
  cols: readonly Column[],
  fulls: readonly number[],
): {
  alpha: number | null;
  kr20: number | null;
  kr20Items: number[];
  withheld: ReliabilityWithheld | null;
} {
  const k = cols.length;
  const size = cols[0]?.length ?? 0;
  // complete cases, and their sums over the questions in question order (column by column: no row objects)
  const all = new Float64Array(size);
  for (const col of cols) for (let i = 0; i < size; i++) all[i] = all[i]! + col[i]!;
  const rows = new Int32Array(size);
  let n = 0;
  for (let i = 0; i < size; i++) if (all[i] === all[i]) rows[n++] = i;
  const sums = new Float64Array(n);
  for (let r = 0; r < n; r++) sums[r] = all[rows[r]!]!;
  // the right / wrong questions (over the same examinees): Σ pq and each examinee's number right
  const right = new Float64Array(n);
  const kr20Items: number[] = [];
  let pq = 0;
  for (let j = 0; j < k && n; j++) {
    const col = cols[j]!;
    const full = fulls[j]!;
    if (!(full > 0)) continue;
    let count = 0;
    let r = 0;
    for (; r < n; r++) {
      const v = col[rows[r]!]!;
      if (v === full) count++;
      else if (v !== 0) break;
    }
    if (r < n) continue;
    for (r = 0; r < n; r++) if (col[rows[r]!] === full) right[r]!++;
    kr20Items.push(j);
    const p = count / n;
    pq += p * (1 - p);
  }
  const totalVar = k && n ? varianceAt(sums, null, n) : 0;
  const withheld = reliabilityWithheld(k, n, totalVar);
  if (withheld) return { alpha: null, kr20: null, kr20Items, withheld };
  let sum = 0;
  for (let j = 0; j < k; j++) sum += varianceAt(cols[j]!, rows, n);
  const alpha = (k / (k - 1)) * (1 - sum / totalVar);
  const m = kr20Items.length;
  const rightVar = m ? varianceAt(right, null, n) : 0;
  const kr20 = m >= 2 && rightVar > 0 ? (m / (m - 1)) * (1 - pq / rightVar) : null;
  return { alpha, kr20, kr20Items, withheld: null };
}
