import { z } from 'zod';
import { id, idParam, int, text } from './fields';
import { pageQuery } from './envelope';
import { cardPaper } from './card';

// 课堂小测 (issue 33): an exam of type quiz (ExamType.quiz) with one subject, made in one step by a teacher
// for classes they teach; its objective keys typed in one line (parseQuizKeys), its subjective questions each
// a block of its own, marked once, by the teacher (and colleagues they add).

const points = z
  .number()
  .positive('分值须大于 0')
  .max(100, '分值不能超过 100')
  .refine((n) => Number.isInteger(n * 2), '分值须为 0.5 的倍数');

export const quizCreate = z.object({
  name: text().trim().min(1, '请输入小测名称').max(40, '小测名称不能超过 40 个字'),
  course: text().trim().min(1, '请选择学科').max(20, '学科名称不能超过 20 个字'),
  classIds: z.array(id()).min(1, '请至少选择一个班级').max(20, '一次最多选择 20 个班级'),
  /** options of every objective question (A–D: 4) */
  options: int(2, 8).default(4),
  /** points of every objective question */
  objectiveScore: points.default(3),
  /** the keys in one line, e.g. "1-10 ABCDABCDAB" (parseQuizKeys); empty: no objective question */
  keys: text().max(1000, '答案不能超过 1000 个字').default(''),
  /** subjective questions, numbered after the objective ones, each with its full marks */
  subjective: z
    .array(z.object({ score: points }))
    .max(10, '主观题不能超过 10 道')
    .default([]),
  /** colleagues who mark the subjective questions beside the creator */
  markerIds: z.array(id()).max(20).default([]),
});
export type QuizCreate = z.infer<typeof quizCreate>;
export type QuizCreateInput = z.input<typeof quizCreate>;

/** A class the teacher may give a quiz to (their teaching assignments). */
export const quizClass = z.object({
  classId: z.number(),
  name: z.string(),
  gradeName: z.string(),
  students: z.number(),
});
export type QuizClass = z.infer<typeof quizClass>;

/** What the create form offers: the teacher's classes and courses, and colleagues of their school(s). */
export const quizOptions = z.object({
  classes: z.array(quizClass),
  courses: z.array(z.string()),
  colleagues: z.array(z.object({ userId: z.number(), name: z.string() })),
});
export type QuizOptions = z.infer<typeof quizOptions>;

export const quizListQuery = pageQuery.extend({ keyword: text().trim().max(40).optional() });
export type QuizListQuery = z.infer<typeof quizListQuery>;

export const quizRow = z.object({
  examId: z.number(),
  subjectId: z.number(),
  name: z.string(),
  course: z.string(),
  classNames: z.array(z.string()),
  students: z.number(),
  /** the subject's status (SubjectStatus) */
  status: z.number(),
  createdAt: z.string(),
});
export type QuizRow = z.infer<typeof quizRow>;

export const quizDetail = quizRow.extend({
  fullScore: z.number(),
  objective: z.array(z.object({ no: z.string(), answer: z.string(), score: z.number() })),
  subjective: z.array(z.object({ no: z.string(), score: z.number(), blockId: z.number().nullable() })),
  /** who marks; the teacher who made the quiz (creator) always does */
  markers: z.array(z.object({ userId: z.number(), name: z.string(), creator: z.boolean() })),
  /** the saved online card (A4 or A5), null until made */
  card: z
    .object({ templateId: z.number(), current: z.boolean(), barcode: z.boolean(), paper: cardPaper })
    .nullable(),
  /** sheets matched to a student */
  scanned: z.number(),
  can: z.object({ manage: z.boolean(), publish: z.boolean() }),
});
export type QuizDetail = z.infer<typeof quizDetail>;

export const quizMarkersSave = z.object({ userIds: z.array(id()).max(20) });
export const quizMarkerRemove = z.object({ userId: id() });

export const quizResult = z.object({
  name: z.string(),
  course: z.string(),
  status: z.number(),
  fullScore: z.number(),
  sat: z.number(),
  absent: z.number(),
  average: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  distribution: z.array(z.object({ label: z.string(), count: z.number() })),
  questions: z.array(
    z.object({
      no: z.string(),
      full: z.number(),
      answer: z.string().nullable(),
      rate: z.number().nullable(),
      wrong: z.array(z.string()),
      choices: z.array(z.object({ answer: z.string(), count: z.number(), names: z.array(z.string()) })),
    }),
  ),
  students: z.array(
    z.object({
      examineeId: z.number(),
      name: z.string(),
      xuehao: z.string(),
      className: z.string(),
      total: z.number().nullable(),
      /** 缺考 registered */
      absent: z.boolean(),
      /** a sheet was scanned and matched */
      sheet: z.boolean(),
      scores: z.record(z.string(), z.number()),
      chosen: z.record(z.string(), z.string().nullable()),
    }),
  ),
});
export type QuizResult = z.infer<typeof quizResult>;

/** 学情趋势: which class (none: the first the user may see). */
export const quizTrendQuery = z.object({ classId: idParam('班级编号无效').optional() });
export type QuizTrendQuery = z.infer<typeof quizTrendQuery>;

const rate = z.number().nullable();
const trendRates = { rate, objectiveRate: rate, subjectiveRate: rate };

/**
 * A class's quizzes over the term: the classes the user may see (their own; a school administrator's, the
 * school's), and for the class chosen each quiz's 得分率 (%) and each student's, overall and by question type.
 */
export const quizTrendView = z.object({
  classes: z.array(z.object({ classId: z.number(), name: z.string(), gradeName: z.string() })),
  classId: z.number().nullable(),
  quizzes: z.array(
    z.object({ examId: z.number(), name: z.string(), date: z.string(), sat: z.number(), ...trendRates }),
  ),
  students: z.array(
    z.object({
      studentId: z.number(),
      name: z.string(),
      xuehao: z.string(),
      rates: z.array(rate),
      sat: z.number(),
      ...trendRates,
    }),
  ),
});
export type QuizTrendView = z.infer<typeof quizTrendView>;

/** A 得分率 as shown and exported: "87.5%", or "—" when there is none (缺考). */
export const trendRateText = (r: number | null): string => (r === null ? '—' : `${r}%`);

/** The students' table of 学情趋势, as the screen shows it and the Excel export writes it. */
export function quizTrendSheet(t: QuizTrendView): { headers: string[]; rows: string[][] } {
  return {
    headers: [
      '学号',
      '姓名',
      ...t.quizzes.map((q) => q.name),
      '参加次数',
      '总得分率',
      '客观题得分率',
      '主观题得分率',
    ],
    rows: t.students.map((s) => [
      s.xuehao,
      s.name,
      ...s.rates.map(trendRateText),
      String(s.sat),
      trendRateText(s.rate),
      trendRateText(s.objectiveRate),
      trendRateText(s.subjectiveRate),
    ]),
  };
}
