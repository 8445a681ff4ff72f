import { z } from 'zod';
import { idParam, intParam, text } from './fields';
import type { ReportSettings } from './report-settings';

// Score reports (report_forms, issue 16, DESIGN.md §6): figures of a published subject — or of the total over
// the exam's published subjects — at exam, school and class level, per question, and 一分一段.

export interface ReportRate {
  count: number;
  rate: number | null;
}

/** The figures of one set of examinees (the exam, a school, a class). */
export interface ReportFigures {
  /** 实考 */
  sat: number;
  /** 缺考 */
  absent: number;
  mean: number | null;
  max: number | null;
  min: number | null;
  median: number | null;
  /** population standard deviation */
  sd: number | null;
  excellent: ReportRate;
  good: ReportRate;
  pass: ReportRate;
  low: ReportRate;
  /** min, lower hinge, median, upper hinge, max — for the box plot */
  box: [number, number, number, number, number] | null;
  /** 等级赋分: how many examinees of the set are in each grade (order of the settings' grades) */
  grades: number[];
  /** mean of the 等级赋分 points */
  gradeMean: number | null;
  /** 临界生 per line of the settings: within the width below the line, and on or above it */
  critical: { below: number; above: number }[];
}

/** A school or class compared with the whole exam. */
export interface ReportGroup extends ReportFigures {
  id: number;
  name: string;
  schoolId: number;
  schoolName: string;
  /** mean − exam mean */
  diff: number | null;
  /** 超均率 (mean − exam mean) / exam mean */
  overRate: number | null;
  /** rank of the mean among all schools (or classes) of the exam, competition ranking */
  rank: number | null;
  /** classes: rank of the mean among the classes of its school */
  rankInSchool: number | null;
  /** subject report: 得分率 of each question (order of `questions`); total report: mean of each subject */
  parts: (number | null)[];
}

export interface ReportSegment {
  score: number;
  count: number;
  cumulative: number;
  cumulativeRate: number;
}

export interface ReportBand {
  from: number;
  to: number;
  count: number;
  rate: number;
}

export interface ReportQuestion {
  no: string;
  /** single | multi | trueFalse | subjective */
  kind: string;
  full: number;
  count: number;
  mean: number | null;
  /** 得分率, also the difficulty P */
  scoreRate: number | null;
  /** D: top 27 % − bottom 27 % over full marks */
  discrimination: number | null;
  pointBiserial: number | null;
  /** objective questions: each answer given and its count ('' blank); null for subjective */
  options: { answer: string; count: number }[] | null;
  answer: string;
}

/** GET /api/exam/:examId/report?subjectId= — one subject, or the total when subjectId is left out. */
export interface Report {
  examId: number;
  examName: string;
  /** null: the total over the published subjects */
  subjectId: number | null;
  name: string;
  fullScore: number;
  computedAt: string;
  overall: ReportFigures;
  schools: ReportGroup[];
  classes: ReportGroup[];
  segments: ReportSegment[];
  bands: ReportBand[];
  /** subject report: its questions; total report: empty */
  questions: ReportQuestion[];
  /** total report: the subjects the `parts` of each group follow */
  parts: { id: number; name: string; fullScore: number }[];
  alpha: number | null;
  kr20: number | null;
  /** the viewer sees every school and class (false: a teacher's classes, a school's own) */
  complete: boolean;
  /** the exam's report settings the figures were computed with (四率, 等级赋分, 临界生) */
  settings: ReportSettings;
}

/** GET /api/exam/:examId/report/subjects: what the report menu offers. */
export interface ReportSubjects {
  examName: string;
  subjects: { id: number; name: string; fullScore: number; published: boolean }[];
}

export const reportParams = z.object({ examId: idParam() });
export const reportQuery = z.object({ subjectId: idParam().optional() });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The tables of a report an Excel export holds (one sheet each). */
export const reportSheet = z.enum(['overview', 'classes', 'segments', 'questions', 'levels']);
export type ReportSheet = z.infer<typeof reportSheet>;
export const reportExportQuery = reportQuery.extend({ sheet: reportSheet });

/** One examinee of the 学生成绩 list: the score, ranks (competition ranking), Z / T and 等级赋分. */
export interface ReportStudent {
  examineeId: number;
  kaohao: string;
  name: string;
  schoolName: string;
  className: string;
  /** null: 缺考 */
  score: number | null;
  rankInClass: number | null;
  rankInSchool: number | null;
  /** among every examinee of the exam (a joint exam: all its schools) */
  rank: number | null;
  z: number | null;
  t: number | null;
  grade: string | null;
  points: number | null;
}

/** GET /api/exam/:examId/report/students: a page of the list, ranked best first (缺考 last). */
export interface ReportStudentsPage {
  items: ReportStudent[];
  total: number;
}

export const reportStudentsFilter = reportQuery.extend({
  classId: idParam().optional(),
  keyword: text().trim().max(30).optional(),
});
export const reportStudentsQuery = reportStudentsFilter.extend({
  page: intParam(1).default(1),
  size: intParam(1, 200).default(20),
});
export type ReportStudentsQuery = z.infer<typeof reportStudentsQuery>;
export type ReportStudentsFilter = z.infer<typeof reportStudentsFilter>;

export const REPORT_STUDENT_HEADERS = [
  '考号',
  '姓名',
  '学校',
  '班级',
  '分数',
  '班级排名',
  '校内排名',
  '总排名',
  'Z分数',
  'T分数',
  '等级',
  '赋分',
];

/** GET /api/exam/:examId/report/progress/exams: earlier exams of the same students with published scores. */
export interface ReportProgressExam {
  id: number;
  name: string;
  startDate: string | null;
  /** examinees of both exams (the same students) */
  shared: number;
}

/** One student of 进退步: the exam-wide rank now and in the earlier exam; change > 0 moved up (进步). */
export interface ReportProgressStudent {
  kaohao: string;
  name: string;
  className: string;
  score: number | null;
  rank: number | null;
  earlierScore: number | null;
  earlierRank: number | null;
  change: number | null;
}

/** A class's summary: students ranked in both exams, how many moved up or down, the mean change. */
export interface ReportProgressClass {
  classId: number;
  className: string;
  schoolName: string;
  compared: number;
  up: number;
  down: number;
  meanChange: number | null;
}

/** GET /api/exam/:examId/report/progress: by class, then a page of students (largest 进步 first). */
export interface ReportProgress {
  earlierExamName: string;
  /** the earlier exam's subject of the same course; null: the totals */
  subjectName: string | null;
  classes: ReportProgressClass[];
  items: ReportProgressStudent[];
  total: number;
}

export const reportProgressFilter = reportQuery.extend({
  earlierExamId: idParam(),
  classId: idParam().optional(),
});
export const reportProgressQuery = reportProgressFilter.extend({
  page: intParam(1).default(1),
  size: intParam(1, 200).default(20),
});
export type ReportProgressFilter = z.infer<typeof reportProgressFilter>;
export type ReportProgressQuery = z.infer<typeof reportProgressQuery>;

export const REPORT_PROGRESS_HEADERS = [
  '考号',
  '姓名',
  '班级',
  '本次分数',
  '本次排名',
  '上次分数',
  '上次排名',
  '名次变化',
];
