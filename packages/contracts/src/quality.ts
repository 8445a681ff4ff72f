import { z } from 'zod';
import { intParam } from './fields';

// Live progress and 质检 monitoring (issue 14): review/progress/all, exam/{examId}/all_review_progress_all,
// uniteProgress, overview/block/{blockId}, qualityMonitorBlock, qualityMonitorStudent.

const num = z.number();
const share = z.number().nullable();

/** done / total with speeds: papers per hour over the last 10 minutes and overall, the estimated finish. */
export const progressFigures = z.object({
  /**
   * a block, a subject, an exam: papers with a final score and papers to mark (the one progress of a block,
   * as every screen shows it); a marker, a school: marks given (slots 1–3) and marks to give
   */
  done: num,
  total: num,
  /** share done 0…1, null when nothing to mark */
  share,
  recentPerHour: num,
  overallPerHour: num.nullable(),
  /** ISO time, null when nobody marks */
  estimatedFinish: z.string().nullable(),
});
export type ProgressFigures = z.infer<typeof progressFigures>;

/** Double marking: agreement within the threshold and share sent on to a third mark / arbitration. */
export const doubleFigures = z.object({
  pairs: num,
  agreement: share,
  arbitrationRate: share,
  /** arbitrations given by leaders / made */
  arbitrationDone: num,
  arbitrationTotal: num,
});
export type DoubleFigures = z.infer<typeof doubleFigures>;

export const markerProgress = progressFigures.extend({
  userId: num,
  name: z.string(),
  quota: num.nullable(),
  /** what the marker still has to mark: quota − done, or the block's remaining share per active marker */
  remaining: num.nullable(),
  flagged: z.boolean(),
});
export type MarkerProgress = z.infer<typeof markerProgress>;

export const schoolProgress = progressFigures.extend({
  schoolId: num,
  schoolName: z.string(),
  papers: num,
});
export type SchoolProgress = z.infer<typeof schoolProgress>;

export const blockMonitor = progressFigures.extend({
  blockId: num,
  blockName: z.string(),
  subjectId: num,
  markCount: num,
  papers: num,
  double: doubleFigures.nullable(),
  flagged: num,
});
export type BlockMonitor = z.infer<typeof blockMonitor>;

/** GET /api/subject/{id}/monitor/progress: the page review/progress/all. */
export const subjectMonitor = progressFigures.extend({
  subjectId: num,
  subjectName: z.string(),
  examId: num,
  blocks: z.array(blockMonitor),
  /** now, by the server: the estimated finishes are from it */
  at: z.string(),
});
export type SubjectMonitor = z.infer<typeof subjectMonitor>;

/** GET /api/exam/{examId}/monitor/progress: exam/{examId}/all_review_progress_all. */
export const examMonitor = progressFigures.extend({
  examId: num,
  examName: z.string(),
  subjects: z.array(
    progressFigures.extend({ subjectId: num, subjectName: z.string(), status: num, blocks: num }),
  ),
  at: z.string(),
});
export type ExamMonitor = z.infer<typeof examMonitor>;

/** GET /api/exam/subject/{id}/uniteProgress: a joint exam's subject by school. */
export const uniteProgress = z.object({
  subjectId: num,
  subjectName: z.string(),
  schools: z.array(schoolProgress),
  at: z.string(),
});
export type UniteProgress = z.infer<typeof uniteProgress>;

/** GET /api/marking/block/{blockId}/monitor: the block page of overview (block/{blockId}). */
export const blockMonitorDetail = blockMonitor.extend({
  markers: z.array(markerProgress),
  schools: z.array(schoolProgress),
  /** marks per 5 minutes of the last 2 hours, oldest first (the speed-over-time chart) */
  speed: z.array(z.object({ at: z.string(), marks: num })),
  at: z.string(),
});
export type BlockMonitorDetail = z.infer<typeof blockMonitorDetail>;

/** One marker's 质检 figures (qualityMonitorBlock). */
export const markerQuality = z.object({
  userId: num,
  name: z.string(),
  n: num,
  mean: num.nullable(),
  sd: num.nullable(),
  zeroShare: share,
  fullShare: share,
  /** (marker mean − block mean) / block SD */
  meanDiffSd: num.nullable(),
  /** total variation distance of the binned distributions, 0…1 */
  tvd: share,
  /** shares per bin of 0…full */
  bins: z.array(num),
  agreement: z.object({ n: num, within: share, meanDiff: num.nullable() }),
  arbitrationRate: share,
  standard: z.object({ n: num, meanDiff: num.nullable(), meanAbsDiff: num.nullable() }),
  self: z.object({ n: num, meanAbsDiff: num.nullable() }),
  drift: z.object({
    n: num,
    ewma: num.nullable(),
    limit: num.nullable(),
    cusumHigh: num.nullable(),
    cusumLow: num.nullable(),
  }),
  /**
   * Evidence with a reference (标准卷, double-marking pairs against the other mark or a third party's final, spot
   * checks; never self-consistency) and the consistent-bias rule on it (packages/quality bias.ts): `n` pieces,
   * the first window that held, null none
   */
  bias: z.object({
    n: num,
    signal: z
      .object({ t: num, direction: z.enum(['high', 'low']), mean: num, limit: num, n: num })
      .nullable(),
  }),
  /** 1 flagged (and paused when the block says so), 0 released by a leader, null never flagged */
  flag: z
    .object({
      state: num,
      reasons: z.array(z.string()),
      at: z.string(),
      paused: z.boolean(),
      /** real papers the marker had marked when flagged, and pieces of evidence with a reference by then */
      atDone: num,
      atEvidence: num.nullable(),
    })
    .nullable(),
});
export type MarkerQuality = z.infer<typeof markerQuality>;

export const qualityLimitsInput = z.object({
  minMarks: z.number().int().min(1).max(10_000),
  maxMeanDiffSd: z.number().min(0.1).max(10),
  minAgreement: z.number().min(0).max(1),
  maxStandardDev: z.number().min(0).max(1000),
  maxSelfDiff: z.number().min(0).max(1000),
  drift: z.boolean(),
  /** a consistent bias of a step on this many latest pieces of evidence with a reference flags the marker */
  biasEvidence: z.number().int().min(2).max(20).default(3),
});
export type QualityLimitsInput = z.infer<typeof qualityLimitsInput>;

/** GET /api/marking/block/{blockId}/quality */
export const blockQuality = z.object({
  blockId: num,
  blockName: z.string(),
  subjectId: num,
  fullScore: num,
  threshold: num.nullable(),
  markCount: num,
  n: num,
  mean: num.nullable(),
  sd: num.nullable(),
  bins: z.array(num),
  limits: qualityLimitsInput,
  pause: z.boolean(),
  markers: z.array(markerQuality),
  at: z.string(),
});
export type BlockQuality = z.infer<typeof blockQuality>;

/** POST /api/marking/block/{blockId}/quality/setting */
export const qualitySettingInput = z.object({ limits: qualityLimitsInput, pause: z.boolean() });
export type QualitySettingInput = z.infer<typeof qualitySettingInput>;

export const qualityMarkerParams = z.object({ blockId: intParam(1), userId: intParam(1) });

/** GET /api/marking/block/{blockId}/quality/papers (qualityMonitorStudent): papers by their pair difference. */
export const qualityPapersQuery = z.object({
  page: intParam(1, 100_000).default(1),
  size: intParam(1, 100).default(20),
  /** only pairs differing by more than this */
  minDiff: z.coerce.number().min(0).max(1000).default(0),
  userId: intParam(1).optional(),
});
export type QualityPapersQuery = z.infer<typeof qualityPapersQuery>;
export const qualityPaper = z.object({
  paperId: num,
  marks: z.array(z.object({ userId: num, name: z.string(), score: num })),
  diff: num,
  at: z.string(),
});
export type QualityPaper = z.infer<typeof qualityPaper>;
export const qualityPapers = z.object({ total: num, items: z.array(qualityPaper) });
export type QualityPapers = z.infer<typeof qualityPapers>;
