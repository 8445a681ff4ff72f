import type { Scores } from './describe';

/**
 * Ranks, highest score first, with competition ranking for ties ("1224"): equal scores share the best rank
 * and the next score skips as many places as were shared (100, 95, 95, 90 → 1, 2, 2, 4) — the way Chinese
 * schools print 名次, so a rank still says how many examinees scored higher (rank − 1). 缺考 get no rank (null).
 */
export function ranks(scores: Scores): (number | null)[] {
  const idx: number[] = [];
  scores.forEach((s, i) => {
    if (s !== null) idx.push(i);
  });
  idx.sort((a, b) => scores[b]! - scores[a]!);
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
 * with the same competition ranking as `ranks`. 缺考 unranked.
 */
export function groupRanks<K>(scores: Scores, keys: readonly K[]): (number | null)[] {
  const byKey = new Map<K, number[]>();
  keys.forEach((k, i) => {
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
  });
  const out: (number | null)[] = new Array<number | null>(scores.length).fill(null);
  for (const idx of byKey.values()) {
    const r = ranks(idx.map((i) => scores[i]!));
    idx.forEach((i, j) => (out[i] = r[j]!));
  }
  return out;
}
