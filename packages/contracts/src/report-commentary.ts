import { z } from 'zod';
import { idParam, text } from './fields';

// 试卷讲评 (exam_commentary) and a student's printable report (issue 16): figures of one class against the
// exam, and of one examinee against their class.

const num = z.number();
const numOrNull = z.number().nullable();

export const reportCommentaryQuery = z.object({ subjectId: idParam(), classId: idParam().optional() });
export type ReportCommentaryQuery = z.infer<typeof reportCommentaryQuery>;

/** A student named in the commentary: who, and the score on the question. */
export const commentaryStudent = z.object({
  examineeId: num,
  kaohao: z.string(),
  name: z.string(),
  score: num,
});

export const commentaryQuestion = z.object({
  no: z.string(),
  /** single | multi | trueFalse | subjective */
  kind: z.string(),
  full: num,
  answer: z.string(),
  /** 得分率 of the class and of the grade (every examinee of the exam) */
  classRate: numOrNull,
  gradeRate: numOrNull,
  /** objective questions: the wrong answers the class chose most; null for subjective */
  wrong: z.array(z.object({ answer: z.string(), count: num, rate: num })).nullable(),
  /** the class's students who lost most on it, with what they lost */
  losers: z.array(commentaryStudent.extend({ lost: num })),
  /** subjective questions marked on a block: the class's highest and lowest scored answers to show */
  typical: z.object({ high: commentaryStudent.nullable(), low: commentaryStudent.nullable() }).nullable(),
});
export type CommentaryQuestion = z.infer<typeof commentaryQuestion>;

/** GET /api/exam/:examId/report/commentary?subjectId=&classId=: one class against its grade. */
export const reportCommentary = z.object({
  examName: z.string(),
  subjectName: z.string(),
  classId: num,
  className: z.string(),
  schoolName: z.string(),
  /** 实考 of the class and of the grade */
  sat: num,
  gradeSat: num,
  /** the classes the reader may choose (theirs) */
  classes: z.array(z.object({ id: num, name: z.string(), schoolName: z.string() })),
  questions: z.array(commentaryQuestion),
});
export type ReportCommentary = z.infer<typeof reportCommentary>;

/** GET …/report/commentary/image: one typical answer's cut image. */
export const reportCommentaryImageQuery = z.object({
  subjectId: idParam(),
  no: text().trim().min(1).max(20),
  examineeId: idParam(),
});

export const REPORT_COMMENTARY_HEADERS = [
  '题号',
  '题型',
  '满分',
  '答案',
  '班级得分率',
  '年级得分率',
  '差值',
  '错选最多',
  '失分最多的学生',
];

const KIND_NAMES: Record<string, string> = {
  single: '单选',
  multi: '多选',
  trueFalse: '判断',
  subjective: '主观',
};
const pct1 = (x: number | null) => (x === null ? '' : `${(x * 100).toFixed(1)}%`);

/** A row of the 试卷讲评 table as the screen and its Excel export show it. */
export const commentaryCells = (q: CommentaryQuestion): (string | number)[] => [
  q.no,
  KIND_NAMES[q.kind] ?? q.kind,
  q.full,
  q.answer,
  pct1(q.classRate),
  pct1(q.gradeRate),
  q.classRate === null || q.gradeRate === null ? '' : pct1(q.classRate - q.gradeRate),
  (q.wrong ?? []).map((w) => `${w.answer || '未作答'}(${w.count}人)`).join('、'),
  q.losers.map((l) => `${l.name}(-${l.lost})`).join('、'),
];

/** One subject (or the total: subjectId null) of a student's report. */
export const studentReportSubject = z.object({
  subjectId: numOrNull,
  name: z.string(),
  fullScore: num,
  /** null: 缺考 */
  score: numOrNull,
  rankInClass: numOrNull,
  rankInSchool: numOrNull,
  rank: numOrNull,
  classMean: numOrNull,
  classMax: numOrNull,
  grade: z.string().nullable(),
  points: numOrNull,
  /** each question against the class: the student's score, the class mean and 得分率 */
  questions: z.array(
    z.object({ no: z.string(), full: num, score: numOrNull, classMean: numOrNull, classRate: numOrNull }),
  ),
});
export type StudentReportSubject = z.infer<typeof studentReportSubject>;

/** GET /api/exam/:examId/report/student/:examineeId: a student's printable report. */
export const studentReport = z.object({
  examName: z.string(),
  kaohao: z.string(),
  name: z.string(),
  schoolName: z.string(),
  className: z.string(),
  /** examinees of the class and of the exam (the ranks' populations) */
  classSize: num,
  examSize: num,
  subjects: z.array(studentReportSubject),
});
export type StudentReport = z.infer<typeof studentReport>;
export const studentReportParams = z.object({ examId: idParam(), examineeId: idParam() });
