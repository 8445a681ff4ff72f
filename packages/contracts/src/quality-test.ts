import { z } from 'zod';
import { id, int, intParam } from './fields';
import { markScores } from './marking';
import { fix2, pct, type ReportCell, type ReportTable } from './report-tables';

// 质检 (issue 14, spec §2 setting/qualitytest, quality-test/progress2, quality-test/report): per block the rates of
// the hidden papers (标准卷, a marker's own paper again), the leaders' blind spot checks, and the figures per marker.

const num = z.number();

/** One block's 质检 setting (setting/qualitytest). */
export const qualityTestBlockSetting = z.object({
  blockId: num,
  blockName: z.string(),
  fullScore: num,
  /** one 标准卷 after every n real marks of each marker; null: off */
  standardEvery: num.nullable(),
  /** 标准卷 kept for the block (sample_paper kind standard): none means no 标准卷 is sent whatever the rate */
  standards: num,
  /** one of the marker's own earlier papers sent again after every n real marks; null: off */
  selfEvery: num.nullable(),
  /** share (0–100 %) of each marker's submitted papers a leader re-marks blind */
  spotPercent: num,
  /** the deviation limit in points (standard papers, self-consistency and spot checks) */
  maxDeviation: num,
  /** a flagged marker claims nothing until a leader lets them go on */
  pause: z.boolean(),
});
export type QualityTestBlockSetting = z.infer<typeof qualityTestBlockSetting>;

/** GET /api/subject/{id}/quality-test/setting */
export const qualityTestSetting = z.object({
  subjectId: num,
  subjectName: z.string(),
  examName: z.string(),
  blocks: z.array(qualityTestBlockSetting),
});
export type QualityTestSetting = z.infer<typeof qualityTestSetting>;

const rate = int(2, 1000).nullable();
/** POST /api/marking/block/{blockId}/quality-test/setting */
export const qualityTestSettingInput = z.object({
  standardEvery: rate,
  selfEvery: rate,
  spotPercent: int(0, 100),
  maxDeviation: z.number().min(0).max(1000),
  pause: z.boolean(),
});
export type QualityTestSettingInput = z.infer<typeof qualityTestSettingInput>;

/** Count and mean differences of one kind of 质检 paper (mark − reference: positive, the marker gives more). */
export const deviationFigures = z.object({
  n: num,
  meanDiff: num.nullable(),
  meanAbsDiff: num.nullable(),
  /** the largest |difference| */
  maxAbsDiff: num.nullable(),
});
export type DeviationFigures = z.infer<typeof deviationFigures>;

/**
 * The quality records of a marker's discarded marks (重置阅卷, 重新选题): kept as the evidence of why, voided —
 * counted in no figure, listed apart. `flag`: the flag the reset let go, as it stood.
 */
export const voidedRecords = z.object({
  standard: deviationFigures,
  self: deviationFigures,
  spot: deviationFigures,
  /** double-marking differences against the other marker */
  pair: deviationFigures,
  flag: z
    .object({
      reasons: z.array(z.string()),
      atDone: num,
      atEvidence: num.nullable(),
      flaggedAt: z.string(),
      voidedAt: z.string(),
    })
    .nullable(),
});
export type VoidedRecords = z.infer<typeof voidedRecords>;

/** One marker's 质检 papers so far (quality-test/progress2). */
export const qualityTestMarkerProgress = z.object({
  userId: num,
  name: z.string(),
  /** real marks submitted */
  done: num,
  standard: deviationFigures,
  self: deviationFigures,
  spot: deviationFigures,
  /** spot checks still due (the block's share of the marker's submitted papers not yet checked) */
  spotDue: num,
  /** a figure passes the block's deviation limit */
  over: z.boolean(),
  /** flagged now (1), released or let go by a reset (0), never (null) */
  flagState: num.nullable(),
  voided: voidedRecords,
});
export type QualityTestMarkerProgress = z.infer<typeof qualityTestMarkerProgress>;

/** GET /api/subject/{id}/quality-test/progress */
export const qualityTestProgress = z.object({
  subjectId: num,
  blocks: z.array(
    z.object({
      blockId: num,
      blockName: z.string(),
      setting: qualityTestBlockSetting.omit({
        blockId: true,
        blockName: true,
        fullScore: true,
        standards: true,
      }),
      markers: z.array(qualityTestMarkerProgress),
    }),
  ),
  at: z.string(),
});
export type QualityTestProgress = z.infer<typeof qualityTestProgress>;

/** One marker's line of quality-test/report. */
export const qualityTestReportMarker = z.object({
  userId: num,
  name: z.string(),
  n: num,
  mean: num.nullable(),
  sd: num.nullable(),
  zeroShare: num.nullable(),
  fullShare: num.nullable(),
  standard: deviationFigures,
  self: deviationFigures,
  spot: deviationFigures,
  /** double marking: share of pairs within the threshold, and how many pairs */
  agreement: z.object({ n: num, within: num.nullable() }),
  arbitrationRate: num.nullable(),
  /**
   * EWMA of the evidence with a reference (标准卷, double-marking pairs, spot checks — never self-consistency, never
   * voided records) in marking order, with its control limit (the drift chart)
   */
  drift: z.array(z.object({ t: num, ewma: num, limit: num })),
  driftSignal: z
    .object({ t: num, chart: z.enum(['ewma', 'cusum']), direction: z.enum(['high', 'low']) })
    .nullable(),
  /** the consistent-bias rule on the same evidence: pieces read, the first window that held */
  bias: z.object({
    n: num,
    signal: z
      .object({ t: num, direction: z.enum(['high', 'low']), mean: num, limit: num, n: num })
      .nullable(),
  }),
  /** the marker's flag now: 1 flagged, 0 released (or let go by a reset); the papers done and evidence at it */
  flag: z
    .object({
      state: num,
      reasons: z.array(z.string()),
      at: z.string(),
      atDone: num,
      atEvidence: num.nullable(),
    })
    .nullable(),
  voided: voidedRecords,
});
export type QualityTestReportMarker = z.infer<typeof qualityTestReportMarker>;

/** GET /api/marking/block/{blockId}/quality-test/report */
export const qualityTestReport = z.object({
  blockId: num,
  blockName: z.string(),
  subjectId: num,
  subjectName: z.string(),
  examName: z.string(),
  maxDeviation: num,
  markers: z.array(qualityTestReportMarker),
  at: z.string(),
});
export type QualityTestReport = z.infer<typeof qualityTestReport>;

const dev = (f: DeviationFigures): ReportCell[] => [f.n, fix2(f.meanDiff), fix2(f.meanAbsDiff)];

/** The report table as rows: the screen shows these and the Excel export writes the same. */
export function qualityTestReportTable(r: QualityTestReport): ReportTable {
  return {
    title: `${r.blockName}质检报告`,
    headers: [
      '阅卷老师',
      '已阅',
      '平均分',
      '标准差',
      '零分率(%)',
      '满分率(%)',
      '标准卷数',
      '标准卷平均偏差',
      '标准卷平均绝对偏差',
      '自评数',
      '自评平均偏差',
      '自评平均绝对偏差',
      '抽查数',
      '抽查平均偏差',
      '抽查平均绝对偏差',
      '双评对数',
      '双评一致率(%)',
      '仲裁率(%)',
      '漂移',
      '一贯偏差',
      '标记',
      '已作废的质检记录',
    ],
    rows: r.markers.map((m) => [
      m.name,
      m.n,
      fix2(m.mean),
      fix2(m.sd),
      pct(m.zeroShare),
      pct(m.fullShare),
      ...dev(m.standard),
      ...dev(m.self),
      ...dev(m.spot),
      m.agreement.n,
      pct(m.agreement.within),
      pct(m.arbitrationRate),
      m.driftSignal
        ? `第 ${m.driftSignal.t} 次起持续偏${m.driftSignal.direction === 'high' ? '高' : '低'}`
        : '正常',
      biasText(m.bias),
      flagText(m.flag),
      voidedText(m.voided),
    ]),
  };
}

const side = (d: 'high' | 'low') => (d === 'high' ? '高' : '低');
const pts = (v: number) => String(Math.round(Math.abs(v) * 100) / 100);

/** The bias column: where the rule first held on the evidence with a reference. */
export function biasText(b: QualityTestReportMarker['bias']): string {
  if (!b.signal) return b.n ? `正常（${b.n} 份有参照）` : '暂无有参照的评分';
  return `第 ${b.signal.t} 份有参照的评分起一贯偏${side(b.signal.direction)}（平均 ${pts(b.signal.mean)} 分）`;
}

/** The flag column: state, and after how many papers it came. */
export function flagText(f: QualityTestReportMarker['flag']): string {
  if (!f) return '未标记';
  const when = `评完 ${f.atDone} 份后标记${f.atEvidence ? `（依据 ${f.atEvidence} 份有参照的评分）` : ''}`;
  return `${f.state === 1 ? '已标记' : '已放行'}：${when}；${f.reasons.join('；')}`;
}

/** The voided column: what a reset discarded of the marker's quality records. */
export function voidedText(v: VoidedRecords): string {
  const parts: string[] = [];
  const kind = (label: string, f: DeviationFigures) => {
    if (f.n)
      parts.push(
        `${label} ${f.n} 份（平均偏差 ${f.meanDiff !== null && f.meanDiff > 0 ? '+' : ''}${f.meanDiff ?? 0} 分）`,
      );
  };
  kind('标准卷', v.standard);
  kind('双评', v.pair);
  kind('抽查', v.spot);
  kind('自评', v.self);
  if (v.flag) parts.push(`重置前评完 ${v.flag.atDone} 份后标记：${v.flag.reasons.join('；')}`);
  return parts.length ? `已作废：${parts.join('；')}` : '无';
}

// ---- Leaders' spot checks (抽查): a marker's submitted paper re-marked blind ----

/** One marker of the block with their spot checks (GET /api/marking/block/{blockId}/spot). */
export const spotMarker = z.object({
  userId: num,
  name: z.string(),
  done: num,
  checked: num,
  /** checks still due at the block's share */
  due: num,
  spot: deviationFigures,
});
export type SpotMarker = z.infer<typeof spotMarker>;

/** POST /api/marking/block/{blockId}/spot/claim: a marker (or whoever is most due) */
export const spotClaimInput = z.object({ userId: id().optional() });
export type SpotClaimInput = z.infer<typeof spotClaimInput>;

/** A spot check to mark: the paper and the block's questions, never the marker's score. */
export const spotTask = z.object({
  spotId: num,
  leaseToken: z.string(),
  markerId: num,
  markerName: z.string(),
  imageUrl: z.string(),
});
export type SpotTask = z.infer<typeof spotTask>;
export const spotBlock = z.object({
  blockId: num,
  blockName: z.string(),
  spotPercent: num,
  markers: z.array(spotMarker),
  /** the leader's own check still open (reopened after a page reload), if any */
  open: spotTask.nullable(),
});
export type SpotBlock = z.infer<typeof spotBlock>;

export const spotParams = z.object({ spotId: intParam(1) });

/** POST /api/marking/spot/{spotId}/submit: the leader's blind mark */
export const spotSubmitInput = z.object({ leaseToken: z.uuid('领取凭证无效'), scores: markScores });
export type SpotSubmitInput = z.infer<typeof spotSubmitInput>;

/** The answer of a spot check's submit: now the marker's score is shown. */
export const spotResult = z.object({
  spotId: num,
  /** the marker's task (打回 sends it back with the leaders' remark) */
  taskId: num,
  markerId: num,
  markerName: z.string(),
  markerScore: num,
  markerQuestionScores: z.record(z.string(), num),
  leaderScore: num,
  leaderQuestionScores: z.record(z.string(), num),
  /** marker − leader */
  diff: num,
  /** |diff| passes the block's deviation limit */
  over: z.boolean(),
});
export type SpotResult = z.infer<typeof spotResult>;
