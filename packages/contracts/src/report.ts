import { z } from 'zod';
import { idParam, intParam, text } from './fields';
import { GRADE_NAMES, type ReportSettings } from './report-settings';

// Score reports (report_forms, issue 16, DESIGN.md §6): figures of a published subject — or of the total over
// the exam's published subjects — at exam, school and class level, per question, and 一分一段.

const num = z.number();
const numOrNull = z.number().nullable();

export const reportRate = z.object({ count: num, rate: numOrNull });
export type ReportRate = z.infer<typeof reportRate>;

/** The settings a report was computed with, as answered (the request side is `reportSettingsBody`). */
export const reportSettingsData = z.object({
  rates: z.object({ excellent: num, good: num, pass: num, low: num }),
  grades: z.array(z.object({ grade: z.enum(GRADE_NAMES), share: num, high: num, low: num })),
  critical: z.object({ lines: z.array(num), within: num }),
}) satisfies z.ZodType<ReportSettings>;

/** GET /api/exam/:examId/report/settings: the settings in force and whether the reader may change them. */
export const reportSettingsView = z.object({
  settings: reportSettingsData,
  /** false: the exam keeps the defaults */
  custom: z.boolean(),
  mayEdit: z.boolean(),
});
export type ReportSettingsView = z.infer<typeof reportSettingsView>;

/** The figures of one set of examinees (the exam, a school, a class). */
export const reportFigures = z.object({
  /** 实考 */
  sat: num,
  /** 缺考 */
  absent: num,
  mean: numOrNull,
  max: numOrNull,
  min: numOrNull,
  median: numOrNull,
  /** population standard deviation */
  sd: numOrNull,
  excellent: reportRate,
  good: reportRate,
  pass: reportRate,
  low: reportRate,
  /** min, lower hinge, median, upper hinge, max — for the box plot */
  box: z.tuple([num, num, num, num, num]).nullable(),
  /** 等级赋分: how many examinees of the set are in each grade (order of the settings' grades) */
  grades: z.array(num),
  /** mean of the 等级赋分 points */
  gradeMean: numOrNull,
  /** 临界生 per line of the settings: within the width below the line, and on or above it */
  critical: z.array(z.object({ below: num, above: num })),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** A school or class compared with the whole exam. */
export const reportGroup = reportFigures.extend({
  id: num,
  name: z.string(),
  schoolId: num,
  schoolName: z.string(),
  /** mean − exam mean */
  diff: numOrNull,
  /** 超均率 (mean − exam mean) / exam mean */
  overRate: numOrNull,
  /** rank of the mean among all schools (or classes) of the exam, competition ranking */
  rank: numOrNull,
  /** classes: rank of the mean among the classes of its school */
  rankInSchool: numOrNull,
  /** subject report: 得分率 of each question (order of `questions`); total report: mean of each subject */
  parts: z.array(numOrNull),
});
export type ReportGroup = z.infer<typeof reportGroup>;

/** 一分一段's row; `rank` is the 名次 of an examinee at the score (@yj/stats oneScoreSegments) */
export const reportSegment = z.object({
  score: num,
  count: num,
  cumulative: num,
  rank: num,
  cumulativeRate: num,
});
export type ReportSegment = z.infer<typeof reportSegment>;

export const reportBand = z.object({ from: num, to: num, count: num, rate: num });
export type ReportBand = z.infer<typeof reportBand>;

export const reportQuestion = z.object({
  no: z.string(),
  /** single | multi | trueFalse | subjective */
  kind: z.string(),
  full: num,
  count: num,
  mean: numOrNull,
  /** 得分率, also the difficulty P */
  scoreRate: numOrNull,
  /** D: top 27 % − bottom 27 % over full marks */
  discrimination: numOrNull,
  pointBiserial: numOrNull,
  /** objective questions: each answer given and its count ('' blank); null for subjective */
  options: z.array(z.object({ answer: z.string(), count: num })).nullable(),
  answer: z.string(),
});
export type ReportQuestion = z.infer<typeof reportQuestion>;

/** GET /api/exam/:examId/report?subjectId= — one subject, or the total when subjectId is left out. */
export const report = z.object({
  examId: num,
  examName: z.string(),
  /** null: the total over the published subjects */
  subjectId: numOrNull,
  name: z.string(),
  fullScore: num,
  computedAt: z.string(),
  overall: reportFigures,
  schools: z.array(reportGroup),
  classes: z.array(reportGroup),
  segments: z.array(reportSegment),
  bands: z.array(reportBand),
  /** subject report: its questions; total report: empty */
  questions: z.array(reportQuestion),
  /** total report: the subjects the `parts` of each group follow */
  parts: z.array(z.object({ id: num, name: z.string(), fullScore: num })),
  alpha: numOrNull,
  kr20: numOrNull,
  /** the questions KR-20 is (withheld: would be) over: those everyone who sat scored 0 or full marks on */
  kr20Questions: z.array(z.string()),
  /** why α and KR-20 are null (@yj/stats `reliabilityWithheld`): too few questions, examinees, or no spread */
  reliabilityWithheld: z.enum(['fewQuestions', 'fewExaminees', 'noSpread']).nullable(),
  /** the viewer sees every school and class (false: a teacher's classes, a school's own) */
  complete: z.boolean(),
  /** the exam's report settings the figures were computed with (四率, 等级赋分, 临界生) */
  settings: reportSettingsData,
});
export type Report = z.infer<typeof report>;

/** GET /api/exam/:examId/report/subjects: what the report menu offers. */
export const reportSubjects = z.object({
  examName: z.string(),
  /** a 联考 whose schools the viewer may see compared (report.compare: the 跨校对比 screen) */
  compare: z.boolean().optional(),
  subjects: z.array(z.object({ id: num, name: z.string(), fullScore: num, published: z.boolean() })),
});
export type ReportSubjects = z.infer<typeof reportSubjects>;

export const reportParams = z.object({ examId: idParam() });
export const reportQuery = z.object({ subjectId: idParam().optional() });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The tables of a report an Excel export holds (one sheet each). */
export const reportSheet = z.enum(['overview', 'classes', 'segments', 'questions', 'levels']);
export type ReportSheet = z.infer<typeof reportSheet>;
export const reportExportQuery = reportQuery.extend({ sheet: reportSheet });

/** One examinee of the 学生成绩 list: the score, ranks (competition ranking), Z / T and 等级赋分. */
export const reportStudent = z.object({
  examineeId: num,
  kaohao: z.string(),
  name: z.string(),
  schoolName: z.string(),
  className: z.string(),
  /** null: 缺考 */
  score: numOrNull,
  rankInClass: numOrNull,
  rankInSchool: numOrNull,
  /** among every examinee of the exam (a joint exam: all its schools) */
  rank: numOrNull,
  z: numOrNull,
  t: numOrNull,
  grade: z.string().nullable(),
  points: numOrNull,
});
export type ReportStudent = z.infer<typeof reportStudent>;

/** GET /api/exam/:examId/report/students: a page of the list, ranked best first (缺考 last). */
export const reportStudentsPage = z.object({ items: z.array(reportStudent), total: num });
export type ReportStudentsPage = z.infer<typeof reportStudentsPage>;

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
export const reportProgressExam = z.object({
  id: num,
  name: z.string(),
  startDate: z.string().nullable(),
  /** examinees of both exams (the same students) */
  shared: num,
});
export type ReportProgressExam = z.infer<typeof reportProgressExam>;

/** One student of 进退步: the exam-wide rank now and in the earlier exam; change > 0 moved up (进步). */
export const reportProgressStudent = z.object({
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
  score: numOrNull,
  rank: numOrNull,
  earlierScore: numOrNull,
  earlierRank: numOrNull,
  change: numOrNull,
});
export type ReportProgressStudent = z.infer<typeof reportProgressStudent>;

/** A class's summary: students ranked in both exams, how many moved up or down, the mean change. */
export const reportProgressClass = z.object({
  classId: num,
  className: z.string(),
  schoolName: z.string(),
  compared: num,
  up: num,
  down: num,
  meanChange: numOrNull,
});
export type ReportProgressClass = z.infer<typeof reportProgressClass>;

/** GET /api/exam/:examId/report/progress: by class, then a page of students (largest 进步 first). */
export const reportProgress = z.object({
  earlierExamName: z.string(),
  /** the earlier exam's subject of the same course; null: the totals */
  subjectName: z.string().nullable(),
  classes: z.array(reportProgressClass),
  items: z.array(reportProgressStudent),
  total: num,
});
export type ReportProgress = z.infer<typeof reportProgress>;

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
