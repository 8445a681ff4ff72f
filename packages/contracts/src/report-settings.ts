import { z } from 'zod';
import { int } from './fields';

// Per-exam settings of the score reports (issue 16): 四率 lines, 新高考 等级赋分 grades and 临界生 lines. Kept
// per exam; changing them makes every cached report of the exam stale.

/** 四率 lines as percent of full marks: 优秀 / 良好 / 及格 at or above, 低分 below. */
export interface ReportRateLines {
  excellent: number;
  good: number;
  pass: number;
  low: number;
}

/** One grade of 等级赋分: its share of 实考 (percent) and the band of points it maps onto. */
export interface ReportGradeBand {
  grade: GradeName;
  share: number;
  high: number;
  low: number;
}

export interface ReportSettings {
  rates: ReportRateLines;
  /** A to E, best first */
  grades: ReportGradeBand[];
  /** 临界生: the lines (percent of full marks) and the width on either side (percent of full marks) */
  critical: { lines: number[]; within: number };
}

export const GRADE_NAMES = ['A', 'B', 'C', 'D', 'E'] as const;
export type GradeName = (typeof GRADE_NAMES)[number];

export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  rates: { excellent: 85, good: 70, pass: 60, low: 40 },
  grades: [
    { grade: 'A', share: 15, high: 100, low: 86 },
    { grade: 'B', share: 35, high: 85, low: 71 },
    { grade: 'C', share: 35, high: 70, low: 56 },
    { grade: 'D', share: 13, high: 55, low: 41 },
    { grade: 'E', share: 2, high: 40, low: 30 },
  ],
  critical: { lines: [60], within: 5 },
};

const band = z.object({
  grade: z.enum(GRADE_NAMES),
  share: int(0, 100),
  high: int(0, 1000),
  low: int(0, 1000),
});

/**
 * POST /api/exam/:examId/report/settings: each field within its bounds. The rules between fields are
 * `reportSettingsProblem`, checked by the service once the caller is known to be allowed (and by the screen
 * before sending).
 */
export const reportSettingsBody = z.object({
  rates: z.object({
    excellent: int(1, 100),
    good: int(1, 100),
    pass: int(1, 100),
    low: int(0, 100),
  }),
  grades: z.array(band).length(GRADE_NAMES.length, '等级应为 A、B、C、D、E 五级'),
  critical: z.object({
    lines: z.array(int(1, 100)).max(5, '临界线最多设置 5 条'),
    within: int(1, 50),
  }),
});

/** What makes the figures meaningless, in Chinese; null when the settings hold together. */
export function reportSettingsProblem(s: ReportSettings): string | null {
  const r = s.rates;
  if (!(r.excellent > r.good && r.good > r.pass && r.pass > r.low))
    return '四率线应满足 优秀 > 良好 > 及格 > 低分';
  if (s.grades.length !== GRADE_NAMES.length || s.grades.some((g, i) => g.grade !== GRADE_NAMES[i]))
    return '等级应按 A、B、C、D、E 顺序排列';
  if (s.grades.reduce((a, g) => a + g.share, 0) !== 100) return '各等级人数比例之和应为 100%';
  for (const [i, g] of s.grades.entries()) {
    if (g.high < g.low) return `${g.grade}等的赋分上限不能低于下限`;
    const next = s.grades[i + 1];
    if (next && next.high >= g.low) return `${next.grade}等的赋分上限应低于${g.grade}等的下限`;
  }
  if (new Set(s.critical.lines).size !== s.critical.lines.length) return '临界线不能重复';
  return null;
}
