/**
 * A consistent bias (质检, issue 29): a marker who gives every paper a few points too many or too few is caught
 * on the first few pieces of evidence with a reference — 标准卷 (the leaders' reference score), double-marking
 * pairs (the other mark, or the final score when a third marker or a leader decided it) and spot checks (the
 * leader's blind mark). A paper sent again (self-consistency) has no reference: it is its own figure, never here.
 *
 * The rule: the marker's latest N pieces of evidence (N = `evidence`, 3 by default) all differ from their
 * reference by at least one score step of the block (and at least half the limit below), on the same side, and
 * their mean difference is at least the limit max(step, 3σ / √N), σ the spread of the other markers' differences. Where the other markers agree with the
 * references to within a step (σ ≤ step·√N / 3) a bias of one step is flagged at the N-th piece; where they
 * differ more (noisy double marking), the bias must stand out of that noise by three standard errors. A window
 * whose every reference is the mark of one and the same other marker is not judged: a difference against a
 * single partner says that the pair differs, not which of the two is off (two markers double-marking a block
 * would both be flagged, one high and one low); a 标准卷, a spot check, a final decided by a third party or a
 * second partner in the window tells. A window whose every reference is another marker's mark is N + 2 long: such
 * a difference carries both markers' slips (bench:marking, 500 markers whose pairs differ by a step two times in
 * three and by 6 points one time in twenty: windows of 3 flagged 5 honest markers, one wild mark and two slight
 * ones; windows of 5 none).
 */
export interface Bias {
  /** 1-based position in the evidence where the rule first held (the N-th piece of the window) */
  t: number;
  direction: 'high' | 'low';
  /** mean difference of the window, in points */
  mean: number;
  /** the mean it had to reach, in points */
  limit: number;
  /** the window's length: N, or N + 2 when every reference in it was another marker's mark */
  n: number;
}

export const BIAS_EVIDENCE = 3;

const r4 = (v: number) => Math.round(v * 10000) / 10000 + 0;
/** in tenths: scores have one decimal, so 0.1 + 0.2 never falls short of 0.3 */
const tenths = (v: number) => Math.round(v * 10);

/** The mean a window of `n` pieces must reach: max(step, 3σ / √n). */
export function biasLimit(step: number, noise: number | null, n = BIAS_EVIDENCE): number {
  return r4(Math.max(step, noise && noise > 0 ? (3 * noise) / Math.sqrt(n) : 0));
}

/**
 * The first window of `n` deviations (mark − reference, oldest first) showing a consistent bias; null: none.
 * `partners`: for each deviation the other marker whose mark was its reference, null for a settled reference
 * (标准卷, spot check, a third party's final).
 */
export function bias(
  deviations: readonly number[],
  step: number,
  noise: number | null,
  n = BIAS_EVIDENCE,
  partners?: readonly (number | null)[],
): Bias | null {
  const s = tenths(step);
  for (let t = n; t <= deviations.length; t++) {
    // N pieces when one of them has a settled reference, else N + 2 against other markers' marks
    const settled = !partners || partners.slice(t - n, t).some((x) => x === null);
    const len = settled ? n : n + 2;
    if (t < len) continue;
    const w = deviations.slice(t - len, t);
    const p = partners?.slice(t - len, t);
    if (p && p.every((x) => x !== null && x === p[0])) continue;
    const limit = biasLimit(step, noise, len);
    // every piece a step or more off, and half the limit: one wild mark does not carry slight ones over it
    const each = Math.max(s, Math.ceil((limit / 2) * 10 - 1e-9));
    const high = w.every((d) => tenths(d) >= each);
    const low = w.every((d) => tenths(d) <= -each);
    if (!high && !low) continue;
    const mean = w.reduce((a, d) => a + d, 0) / len;
    // the mean against the limit as computed (1e-9: a mean equal to it, as 3 / 3 = 1, reaches it)
    if (Math.abs(mean) + 1e-9 < limit) continue;
    return { t, direction: high ? 'high' : 'low', mean: r4(mean), limit, n: len };
  }
  return null;
}

/** Count, sum and sum of squares of deviations: a block's figures less one marker's. */
export interface SquareSums {
  n: number;
  sum: number;
  sumSq: number;
}

/** Population standard deviation of every marker's deviations but one (`own`); null below two values. */
export function othersSpread(total: SquareSums, own: SquareSums | undefined): number | null {
  const n = total.n - (own?.n ?? 0);
  if (n < 2) return null;
  const sum = total.sum - (own?.sum ?? 0);
  const sumSq = total.sumSq - (own?.sumSq ?? 0);
  return r4(Math.sqrt(Math.max(0, sumSq / n - (sum / n) ** 2)));
}
