/**
 * The flag rule: a marker whose figures pass a limit of the block is flagged to the leaders, with each reason
 * in Chinese. Figures from fewer marks than `minMarks` are not judged (a few papers say nothing) — except a
 * consistent bias (bias.ts), which is judged on its own count of evidence with a reference.
 */
export interface QualityLimits {
  /** marks before any judgement */
  minMarks: number;
  /** |mean − block mean| in block standard deviations */
  maxMeanDiffSd: number;
  /** lowest share of double-marked pairs within the threshold (0…1) */
  minAgreement: number;
  /** largest mean |deviation| on standard papers, in points */
  maxStandardDev: number;
  /** largest mean |difference| between a marker's two marks of the same paper, in points */
  maxSelfDiff: number;
  /** flag on an EWMA / CUSUM signal of the deviation */
  drift: boolean;
  /**
   * pieces of evidence with a reference (标准卷, double-marking pairs, spot checks) judged for a consistent bias;
   * two more when every reference is another marker's mark (bias.ts)
   */
  biasEvidence: number;
}

export const LIMIT_DEFAULTS: QualityLimits = {
  minMarks: 20,
  maxMeanDiffSd: 1,
  minAgreement: 0.6,
  maxStandardDev: 2,
  maxSelfDiff: 2,
  drift: true,
  biasEvidence: 3,
};

export interface MarkerFigures {
  n: number;
  meanDiffSd: number | null;
  agreement: { n: number; within: number | null };
  standard: { n: number; meanAbsDiff: number | null };
  self: { n: number; meanAbsDiff: number | null };
  /** a leader's blind spot checks (the limit of the 标准卷 applies: both compare with a leader's score) */
  spot?: { n: number; meanAbsDiff: number | null };
  drift: { chart: 'ewma' | 'cusum'; direction: 'high' | 'low' } | null;
  /** a consistent bias on the latest evidence (bias.ts), judged whatever `n` */
  bias?: { direction: 'high' | 'low'; mean: number; evidence: number } | null;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;
const num = (v: number) => String(Math.round(v * 100) / 100);

/** The reasons the marker is flagged (empty: not flagged). */
export function flagReasons(f: MarkerFigures, l: QualityLimits = LIMIT_DEFAULTS): string[] {
  const out: string[] = [];
  if (f.bias)
    out.push(
      `评分一贯偏${f.bias.direction === 'high' ? '高' : '低'}：最近 ${f.bias.evidence} 份有参照的评分（标准卷、双评、抽查）平均${f.bias.direction === 'high' ? '高' : '低'} ${num(Math.abs(f.bias.mean))} 分`,
    );
  if (f.n < l.minMarks) return out;
  if (f.meanDiffSd !== null && Math.abs(f.meanDiffSd) > l.maxMeanDiffSd)
    out.push(
      `平均分比题块${f.meanDiffSd > 0 ? '高' : '低'} ${num(Math.abs(f.meanDiffSd))} 个标准差，超过 ${num(l.maxMeanDiffSd)}`,
    );
  if (f.agreement.n >= l.minMarks && f.agreement.within !== null && f.agreement.within < l.minAgreement)
    out.push(`双评一致率 ${pct(f.agreement.within)}，低于 ${pct(l.minAgreement)}`);
  if (f.standard.n > 0 && f.standard.meanAbsDiff !== null && f.standard.meanAbsDiff > l.maxStandardDev)
    out.push(`标准卷平均偏差 ${num(f.standard.meanAbsDiff)} 分，超过 ${num(l.maxStandardDev)} 分`);
  if (f.self.n > 0 && f.self.meanAbsDiff !== null && f.self.meanAbsDiff > l.maxSelfDiff)
    out.push(`自评一致性差：两次评分平均相差 ${num(f.self.meanAbsDiff)} 分，超过 ${num(l.maxSelfDiff)} 分`);
  if (f.spot && f.spot.n > 0 && f.spot.meanAbsDiff !== null && f.spot.meanAbsDiff > l.maxStandardDev)
    out.push(`抽查平均偏差 ${num(f.spot.meanAbsDiff)} 分，超过 ${num(l.maxStandardDev)} 分`);
  if (l.drift && f.drift)
    out.push(
      `评分漂移：${f.drift.chart === 'ewma' ? 'EWMA' : 'CUSUM'} 显示评分持续偏${f.drift.direction === 'high' ? '高' : '低'}`,
    );
  return out;
}
