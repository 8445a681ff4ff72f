// The product against its rule (bench:marking, issue 29): 质检's bias rule (packages/quality `bias`) replayed on
// the evidence the server stored for one marker, piece by piece, beside the flag the server wrote. Whether a +3
// marker is flagged within a short run is the rule's power (chance); whether the server flagged exactly when its
// rule, on its own evidence, said so is the product's behaviour, and that is what the check judges.
import { bias, othersSpread, type Bias, type SquareSums } from '@yj/quality';

/** One piece of evidence with a reference as the server keeps it (mark_deviation), any marker of the block. */
export interface Piece {
  id: number;
  userId: number;
  /** mark − reference */
  d: number;
  /** the other marker whose mark was the reference; null: a settled one (标准卷, spot check, a third's final) */
  partner: number | null;
  /** when it was written (ms) */
  at: number;
}

export interface RuleSetting {
  step: number;
  /** limits.biasEvidence */
  n: number;
  /** the latest pieces the server reads of a marker (quality-monitor's DRIFT_WINDOW) */
  window: number;
  /**
   * the check after a pair reads the evidence sums behind the others' spread afresh until the block has
   * `cacheFrom` pieces, then keeps them up to `ttlMs` (quality-monitor's JUDGE_CACHE_FROM, JUDGE_TTL_MS)
   */
  cacheFrom: number;
  ttlMs: number;
  /** the flag rule's minMarks: below it a flag can only have been for a bias (flag.ts) */
  minMarks: number;
}

/** The rule on the marker's first `k` pieces. */
export interface RuleStep {
  k: number;
  at: number;
  /**
   * the others' spread as the server may have read it while the marker had k pieces (afresh, up to the next
   * piece; or kept from up to ttl before the k-th, where the block had cacheFrom pieces): lowest and highest. The
   * rule is monotone in it (a larger spread, a larger limit), so the two bound any verdict the server could reach.
   */
  noise: [number, number];
  /** the rule holds at the highest spread: the server had to flag by now */
  sure: Bias | null;
  /** the rule holds at the lowest: the server may flag on these pieces */
  possible: Bias | null;
}

const add = (s: SquareSums, d: number) => {
  s.n++;
  s.sum += d;
  s.sumSq += d * d;
};

/**
 * The rule on each prefix of one marker's evidence (`pieces`: the block's, every marker, by id), with the others'
 * spread as it stood around that prefix; `after` is the flag's evidence_after (a leader's release).
 */
export function replayBias(pieces: readonly Piece[], userId: number, s: RuleSetting, after = 0) {
  const total: SquareSums = { n: 0, sum: 0, sumSq: 0 };
  const own: SquareSums = { n: 0, sum: 0, sumSq: 0 };
  // after each piece of the block: the spread the marker would be judged with, and whether it may be kept
  const spreads: { at: number; noise: number; kept: boolean }[] = [];
  const mine: { p: Piece; i: number }[] = [];
  for (const p of [...pieces].sort((a, b) => a.id - b.id)) {
    add(total, p.d);
    if (p.userId === userId) {
      add(own, p.d);
      mine.push({ p, i: spreads.length });
    }
    spreads.push({ at: p.at, noise: othersSpread(total, own) ?? 0, kept: total.n >= s.cacheFrom });
  }
  const steps: RuleStep[] = [];
  for (let k = 1; k <= mine.length; k++) {
    const { p, i } = mine[k - 1]!;
    const next = mine[k]?.i ?? spreads.length;
    const read = spreads.filter(
      (x, j) => (j >= i && j < next) || (j < i && x.kept && x.at >= p.at - s.ttlMs),
    );
    const lo = Math.min(...read.map((x) => x.noise));
    const hi = Math.max(...read.map((x) => x.noise));
    // as biasOf reads it: the latest `window` pieces, then only those after a release
    const seen = mine
      .slice(0, k)
      .slice(-s.window)
      .map((x) => x.p)
      .filter((x) => x.id > after);
    const d = seen.map((x) => x.d);
    const partners = seen.map((x) => x.partner);
    steps.push({
      k,
      at: p.at,
      noise: [lo, hi],
      sure: bias(d, s.step, hi, s.n, partners),
      possible: bias(d, s.step, lo, s.n, partners),
    });
  }
  return steps;
}

/** The flag the server wrote for the marker (marker_flag), or null. */
export interface StoredFlag {
  reasons: string[];
  atDone: number;
  atEvidence: number | null;
  flaggedAt: number;
}

export interface BiasVerdict {
  pass: boolean;
  detail: string;
  /** the first prefix the rule held on whatever the spread, and the first it may have held on */
  ruleSure: number | null;
  rulePossible: number | null;
  /** the pieces the server had when it flagged (null: not flagged) */
  productAt: number | null;
}

/** a pair completed while the check of the one before ran (a submit's p99 is well under this here) */
export const CONCURRENT_MS = 1000;
const BIAS_REASON = '评分一贯偏';

/** A flag for a bias: its reasons say so, or it came before minMarks papers (no other figure is judged there). */
export const flaggedForBias = (f: StoredFlag, minMarks: number) =>
  f.reasons.some((r) => r.includes(BIAS_REASON)) || f.atDone < minMarks;
const fmt = (v: number) => String(Math.round(v * 100) / 100);
const said = (b: Bias, st: RuleStep) =>
  `mean ${fmt(b.mean)} over ${b.n} ≥ limit ${fmt(b.limit)}, others' spread ${fmt(st.noise[0])}–${fmt(st.noise[1])}`;

/**
 * The server's flag against its rule on its own evidence: the server must flag on the first pieces the rule holds
 * on (the check after each pair), and only where it may hold. A flag first written for other figures (possible
 * from minMarks papers on) stops the check after a pair; the bias is then the 30 s check's and compared only up
 * to that flag. `killed`: the server was killed in the run, and a check after a pair may have died with it.
 */
export function compareBias(
  steps: readonly RuleStep[],
  flag: StoredFlag | null,
  s: Pick<RuleSetting, 'window' | 'minMarks'>,
  killed = false,
): BiasVerdict {
  const sure = steps.find((x) => x.sure);
  const possible = steps.find((x) => x.possible);
  const base = { ruleSure: sure?.k ?? null, rulePossible: possible?.k ?? null };
  const m = steps.length;
  if (!flag) {
    if (sure)
      return {
        ...base,
        productAt: null,
        pass: false,
        detail: `the rule held on their first ${sure.k} pieces (${said(sure.sure!, sure)}) and the server never flagged them (${m} pieces at the end)`,
      };
    return {
      ...base,
      productAt: null,
      pass: true,
      detail: `not flagged, and the rule held on none of their ${m} prefixes${possible ? ` (borderline on ${possible.k}: only with the lowest spread the server may have read)` : ''}`,
    };
  }
  // the pieces the server had: at_evidence, or counted by time where it is the window's cap
  const at =
    flag.atEvidence !== null && flag.atEvidence < s.window
      ? flag.atEvidence
      : steps.filter((x) => x.at <= flag.flaggedAt).length;
  const step = steps[at - 1];
  const biasFlag = flag.reasons.some((r) => r.includes(BIAS_REASON));
  const onlyBias = flag.atDone < s.minMarks;
  const what = flaggedForBias(flag, s.minMarks)
    ? 'for a bias'
    : `for other figures (${flag.reasons.join('、')})`;
  const out = (pass: boolean, detail: string): BiasVerdict => ({ ...base, productAt: at, pass, detail });
  const next = sure ? steps[sure.k] : undefined;
  const late =
    sure !== undefined &&
    sure.k < at &&
    !(at === sure.k + 1 && next !== undefined && next.at - sure.at <= CONCURRENT_MS);
  if (late && sure && !killed)
    return out(
      false,
      `late: the rule held on their first ${sure.k} pieces (${said(sure.sure!, sure)}), the server flagged them ${what} only on ${at}`,
    );
  if (onlyBias && !step?.possible)
    return out(
      false,
      `flagged for a bias on ${at} pieces (${flag.atDone} papers) where the rule does not hold (others' spread ${step ? `${fmt(step.noise[0])}–${fmt(step.noise[1])}` : 'unknown'}; it ${possible ? `first may on ${possible.k}` : 'never does'})`,
    );
  if (biasFlag && !onlyBias && !possible)
    return out(false, `the flag's reasons say a bias, and the rule held on none of their ${m} prefixes`);
  const rule = !possible
    ? `the rule held on none of their ${m} prefixes`
    : sure?.k === possible.k
      ? `the rule first held on ${sure.k} pieces (${said(sure.sure!, sure)})`
      : `the rule first may have held on ${possible.k} pieces (${said(possible.possible!, possible)}), surely ${sure ? `on ${sure.k} (${said(sure.sure!, sure)})` : 'on none'}`;
  return out(
    true,
    `flagged ${what} on ${at} pieces, after ${flag.atDone} papers; ${rule}${flaggedForBias(flag, s.minMarks) ? '' : ' — a bias after that flag is the 30 s check’s, not compared'}${late ? ` (late, the server killed in the run: surely on ${sure?.k})` : ''}`,
  );
}
