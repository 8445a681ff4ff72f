import type { Column } from './columns';
import type { Scores } from './describe';

/**
 * Positions of the scores that are there (not null), best first, equal scores in list order — what a stable
 * sort by score, high to low, gives — without a comparator called per pair: the distinct scores are sorted
 * natively, then the positions dealt into them in list order (100,000 examinees: a few ms instead of 1.7
 * million calls). A column's NaN is 缺考 as a list's null.
 */
export function bestFirst(scores: Scores | Column): Int32Array {
  let n = 0;
  for (const s of scores) if (s !== null && s === s) n++;
  const values = new Float64Array(n);
  n = 0;
  for (const s of scores) if (s !== null && s === s) values[n++] = s;
  values.sort();
  // distinct scores, highest first (−0 and 0 are one score, as for the subtraction that compares them)
  const distinct = new Float64Array(n);
  let d = 0;
  for (let k = n - 1; k >= 0; k--) if (d === 0 || values[k] !== distinct[d - 1]) distinct[d++] = values[k]!;
  // a score's place among them: binary search (a Map of doubles is slower than these few steps)
  const bucketOf = (s: number) => {
    let lo = 0;
    let hi = d - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid]! > s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const bucket = new Int32Array(scores.length);
  const start = new Int32Array(d + 1);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (s === null || s === undefined || s !== s) continue;
    bucket[i] = bucketOf(s);
    start[bucket[i]! + 1]!++;
  }
  for (let b = 0; b < d; b++) start[b + 1]! += start[b]!;
  const idx = new Int32Array(n);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (s !== null && s !== undefined && s === s) idx[start[bucket[i]!]!++] = i;
  }
  return idx;
}

/**
 * Ranks, highest score first, with competition ranking for ties ("1224"): equal scores share the best rank
 * and the next score skips as many places as were shared (100, 95, 95, 90 → 1, 2, 2, 4) — the way Chinese
 * schools print 名次, so a rank still says how many examinees scored higher (rank − 1). 缺考 get no rank (null).
 * `idx`: the scores' `bestFirst`, when the caller has it already.
 */
export function ranks(scores: Scores | Column, idx = bestFirst(scores)): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(scores.length).fill(null);
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k]!;
    const prev = k > 0 ? idx[k - 1]! : -1;
    out[i] = k > 0 && scores[prev] === scores[i] ? out[prev]! : k + 1;
  }
  return out;
}

/**
 * 进退步: for each examinee the earlier rank minus the current rank — positive moved up (进步), negative down
 * (退步); null when either exam has no rank (absent, or not in the earlier exam).
 */
export function rankChange(
  current: readonly (number | null)[],
  earlier: readonly (number | null)[],
): (number | null)[] {
  return current.map((r, i) => {
    const e = earlier[i];
    return r === null || e === null || e === undefined ? null : e - r;
  });
}

/**
 * Ranks within groups (a class, a school): each examinee ranked among the examinees of the same key only,
 * with the same competition ranking as `ranks`. 缺考 unranked. One sort of the whole list: walking it best
 * first, an examinee's rank in their group is 1 + how many of the group came before with a higher score.
 * `idx`: the scores' `bestFirst`, when the caller has it already (several rankings of one list).
 */
export function groupRanks<K>(
  scores: Scores,
  keys: readonly K[],
  idx = bestFirst(scores),
): (number | null)[] {
  const groupOf = new Map<K, number>();
  const group = new Int32Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    let g = groupOf.get(keys[i]!);
    if (g === undefined) groupOf.set(keys[i]!, (g = groupOf.size));
    group[i] = g;
  }
  const seen = new Int32Array(groupOf.size);
  const lastScore = new Float64Array(groupOf.size);
  const lastRank = new Int32Array(groupOf.size);
  const out: (number | null)[] = new Array<number | null>(scores.length).fill(null);
  for (const i of idx) {
    const g = group[i]!;
    const s = scores[i]!;
    const r = seen[g]! > 0 && lastScore[g] === s ? lastRank[g]! : seen[g]! + 1;
    seen[g]!++;
    lastScore[g] = s;
    lastRank[g] = r;
    out[i] = r;
  }
  return out;
}

/**
 * Ranks within groups (`groupRanks`, the same competition ranking) while the examinees are walked best first:
 * 1 + how many of the group came before with a higher score. For callers that walk the order once for several
 * figures (the 学生成绩 tables) instead of one array per ranking.
 */
export class GroupRanker {
  private readonly group: Int32Array;
  private readonly seen: Int32Array;
  private readonly lastScore: Float64Array;
  private readonly lastRank: Int32Array;
  constructor(keys: Int32Array) {
    const groupOf = new Map<number, number>();
    this.group = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      let g = groupOf.get(keys[i]!);
      if (g === undefined) groupOf.set(keys[i]!, (g = groupOf.size));
      this.group[i] = g;
    }
    this.seen = new Int32Array(groupOf.size);
    this.lastScore = new Float64Array(groupOf.size);
    this.lastRank = new Int32Array(groupOf.size);
  }
  next(i: number, s: number): number {
    const g = this.group[i]!;
    const r = this.seen[g]! > 0 && this.lastScore[g] === s ? this.lastRank[g]! : this.seen[g]! + 1;
    this.seen[g]!++;
    this.lastScore[g] = s;
    this.lastRank[g] = r;
    return r;
  }
}
