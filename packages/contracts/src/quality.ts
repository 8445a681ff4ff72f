import { z } from 'zod';
import { intParam } from './fields';

// Live progress and 质检 monitoring (issue 14): review/progress/all, exam/{examId}/all_review_progress_all,
// uniteProgress, overview/block/{blockId}, qualityMonitorBlock, qualityMonitorStudent.

/** done / total with speeds: papers per hour over the last 10 minutes and overall, the estimated finish. */
export interface ProgressFigures {
  /** marks given (slots 1–3) and marks to give */
  done: number;
  total: number;
  /** share done 0…1, null when nothing to mark */
  share: number | null;
  recentPerHour: number;
  overallPerHour: number | null;
  /** ISO time, null when nobody marks */
  estimatedFinish: string | null;
}

/** Double marking: agreement within the threshold and share sent on to a third mark / arbitration. */
export interface DoubleFigures {
  pairs: number;
  agreement: number | null;
  arbitrationRate: number | null;
  /** arbitrations given by leaders / made */
  arbitrationDone: number;
  arbitrationTotal: number;
}

export interface MarkerProgress extends ProgressFigures {
  userId: number;
  name: string;
  quota: number | null;
  /** what the marker still has to mark: quota − done, or the block's remaining share per active marker */
  remaining: number | null;
  flagged: boolean;
}

export interface SchoolProgress extends ProgressFigures {
  schoolId: number;
  schoolName: string;
  papers: number;
}

export interface BlockMonitor extends ProgressFigures {
  blockId: number;
  blockName: string;
  subjectId: number;
  markCount: number;
  papers: number;
  double: DoubleFigures | null;
  flagged: number;
}

/** GET /api/subject/{id}/monitor/progress: the page review/progress/all. */
export interface SubjectMonitor extends ProgressFigures {
  subjectId: number;
  subjectName: string;
  examId: number;
  blocks: BlockMonitor[];
  /** now, by the server: the estimated finishes are from it */
  at: string;
}

/** GET /api/exam/{examId}/monitor/progress: exam/{examId}/all_review_progress_all. */
export interface ExamMonitor extends ProgressFigures {
  examId: number;
  examName: string;
  subjects: Array<
    ProgressFigures & { subjectId: number; subjectName: string; status: number; blocks: number }
  >;
  at: string;
}

/** GET /api/exam/subject/{id}/uniteProgress: a joint exam's subject by school. */
export interface UniteProgress {
  subjectId: number;
  subjectName: string;
  schools: SchoolProgress[];
  at: string;
}

/** GET /api/marking/block/{blockId}/monitor: the block page of overview (block/{blockId}). */
export interface BlockMonitorDetail extends BlockMonitor {
  markers: MarkerProgress[];
  schools: SchoolProgress[];
  /** marks per 5 minutes of the last 2 hours, oldest first (the speed-over-time chart) */
  speed: Array<{ at: string; marks: number }>;
  at: string;
}

/** One marker's 质检 figures (qualityMonitorBlock). */
export interface MarkerQuality {
  userId: number;
  name: string;
  n: number;
  mean: number | null;
  sd: number | null;
  zeroShare: number | null;
  fullShare: number | null;
  /** (marker mean − block mean) / block SD */
  meanDiffSd: number | null;
  /** total variation distance of the binned distributions, 0…1 */
  tvd: number | null;
  /** shares per bin of 0…full */
  bins: number[];
  agreement: { n: number; within: number | null; meanDiff: number | null };
  arbitrationRate: number | null;
  standard: { n: number; meanDiff: number | null; meanAbsDiff: number | null };
  self: { n: number; meanAbsDiff: number | null };
  drift: {
    n: number;
    ewma: number | null;
    limit: number | null;
    cusumHigh: number | null;
    cusumLow: number | null;
  };
  /** 1 flagged (and paused when the block says so), 0 released by a leader, null never flagged */
  flag: { state: number; reasons: string[]; at: string; paused: boolean } | null;
}

/** GET /api/marking/block/{blockId}/quality */
export interface BlockQuality {
  blockId: number;
  blockName: string;
  subjectId: number;
  fullScore: number;
  threshold: number | null;
  markCount: number;
  n: number;
  mean: number | null;
  sd: number | null;
  bins: number[];
  limits: QualityLimitsInput;
  pause: boolean;
  markers: MarkerQuality[];
  at: string;
}

export const qualityLimitsInput = z.object({
  minMarks: z.number().int().min(1).max(10_000),
  maxMeanDiffSd: z.number().min(0.1).max(10),
  minAgreement: z.number().min(0).max(1),
  maxStandardDev: z.number().min(0).max(1000),
  maxSelfDiff: z.number().min(0).max(1000),
  drift: z.boolean(),
});
export type QualityLimitsInput = z.infer<typeof qualityLimitsInput>;

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
export interface QualityPaper {
  paperId: number;
  marks: Array<{ userId: number; name: string; score: number }>;
  diff: number;
  at: string;
}
export interface QualityPapers {
  total: number;
  items: QualityPaper[];
}
