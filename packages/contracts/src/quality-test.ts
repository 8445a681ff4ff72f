import { z } from 'zod';
import { id, int, intParam } from './fields';
import { markScores } from './marking';
import { fix2, pct, type ReportCell, type ReportTable } from './report-tables';

// 质检 (issue 14, spec §2 setting/qualitytest, quality-test/progress2, quality-test/report): per block the rates of
// the hidden papers (标准卷, a marker's own paper again), the leaders' blind spot checks, and the figures per marker.

/** One block's 质检 setting (setting/qualitytest). */
export interface QualityTestBlockSetting {
  blockId: number;
  blockName: string;
  fullScore: number;
  /** one 标准卷 after every n real marks of each marker; null: off */
  standardEvery: number | null;
  /** 标准卷 kept for the block (sample_paper kind standard): none means no 标准卷 is sent whatever the rate */
  standards: number;
  /** one of the marker's own earlier papers sent again after every n real marks; null: off */
  selfEvery: number | null;
  /** share (0–100 %) of each marker's submitted papers a leader re-marks blind */
  spotPercent: number;
  /** the deviation limit in points (standard papers, self-consistency and spot checks) */
  maxDeviation: number;
  /** a flagged marker claims nothing until a leader lets them go on */
  pause: boolean;
}

/** GET /api/subject/{id}/quality-test/setting */
export interface QualityTestSetting {
  subjectId: number;
  subjectName: string;
  examName: string;
  blocks: QualityTestBlockSetting[];
}

const rate = int(2, 1000).nullable();
/** PUT /api/marking/block/{blockId}/quality-test/setting */
export const qualityTestSettingInput = z.object({
  standardEvery: rate,
  selfEvery: rate,
  spotPercent: int(0, 100),
  maxDeviation: z.number().min(0).max(1000),
  pause: z.boolean(),
});
export type QualityTestSettingInput = z.infer<typeof qualityTestSettingInput>;

/** Count and mean differences of one kind of 质检 paper (mark − reference: positive, the marker gives more). */
export interface DeviationFigures {
  n: number;
  meanDiff: number | null;
  meanAbsDiff: number | null;
  /** the largest |difference| */
  maxAbsDiff: number | null;
}

/** One marker's 质检 papers so far (quality-test/progress2). */
export interface QualityTestMarkerProgress {
  userId: number;
  name: string;
  /** real marks submitted */
  done: number;
  standard: DeviationFigures;
  self: DeviationFigures;
  spot: DeviationFigures;
  /** spot checks still due (the block's share of the marker's submitted papers not yet checked) */
  spotDue: number;
  /** a figure passes the block's deviation limit */
  over: boolean;
}

/** GET /api/subject/{id}/quality-test/progress */
export interface QualityTestProgress {
  subjectId: number;
  blocks: Array<{
    blockId: number;
    blockName: string;
    setting: Omit<QualityTestBlockSetting, 'blockId' | 'blockName' | 'fullScore' | 'standards'>;
    markers: QualityTestMarkerProgress[];
  }>;
  at: string;
}

/** One marker's line of quality-test/report. */
export interface QualityTestReportMarker {
  userId: number;
  name: string;
  n: number;
  mean: number | null;
  sd: number | null;
  zeroShare: number | null;
  fullShare: number | null;
  standard: DeviationFigures;
  self: DeviationFigures;
  spot: DeviationFigures;
  /** double marking: share of pairs within the threshold, and how many pairs */
  agreement: { n: number; within: number | null };
  arbitrationRate: number | null;
  /** EWMA of every deviation in marking order, with its control limit (the drift chart) */
  drift: Array<{ t: number; ewma: number; limit: number }>;
  driftSignal: { t: number; chart: 'ewma' | 'cusum'; direction: 'high' | 'low' } | null;
}

/** GET /api/marking/block/{blockId}/quality-test/report */
export interface QualityTestReport {
  blockId: number;
  blockName: string;
  subjectId: number;
  subjectName: string;
  examName: string;
  maxDeviation: number;
  markers: QualityTestReportMarker[];
  at: string;
}

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
    ]),
  };
}

// ---- Leaders' spot checks (抽查): a marker's submitted paper re-marked blind ----

/** One marker of the block with their spot checks (GET /api/marking/block/{blockId}/spot). */
export interface SpotMarker {
  userId: number;
  name: string;
  done: number;
  checked: number;
  /** checks still due at the block's share */
  due: number;
  spot: DeviationFigures;
}
export interface SpotBlock {
  blockId: number;
  blockName: string;
  spotPercent: number;
  markers: SpotMarker[];
  /** the leader's own check still open (reopened after a page reload), if any */
  open: SpotTask | null;
}

/** POST /api/marking/block/{blockId}/spot/claim: a marker (or whoever is most due) */
export const spotClaimInput = z.object({ userId: id().optional() });
export type SpotClaimInput = z.infer<typeof spotClaimInput>;

/** A spot check to mark: the paper and the block's questions, never the marker's score. */
export interface SpotTask {
  spotId: number;
  leaseToken: string;
  markerId: number;
  markerName: string;
  imageUrl: string;
}

export const spotParams = z.object({ spotId: intParam(1) });

/** POST /api/marking/spot/{spotId}/submit: the leader's blind mark */
export const spotSubmitInput = z.object({ leaseToken: z.uuid('领取凭证无效'), scores: markScores });
export type SpotSubmitInput = z.infer<typeof spotSubmitInput>;

/** The answer of a spot check's submit: now the marker's score is shown. */
export interface SpotResult {
  spotId: number;
  /** the marker's task (打回 sends it back with the leaders' remark) */
  taskId: number;
  markerId: number;
  markerName: string;
  markerScore: number;
  markerQuestionScores: Record<string, number>;
  leaderScore: number;
  leaderQuestionScores: Record<string, number>;
  /** marker − leader */
  diff: number;
  /** |diff| passes the block's deviation limit */
  over: boolean;
}
