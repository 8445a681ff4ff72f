import type { CommentaryQuestion, StudentReportSubject } from '@yj/contracts';
import { largestLosses, mean, typicalAnswers, wrongAnswers, type GivenAnswer } from '@yj/stats';
import type { StudentFigures } from './report-students';
import type { QuestionRow, ScoreEntry } from './report.repo';

/** Who an examinee is, for naming them in the commentary. */
export interface Named {
  kaohao: string;
  name: string;
}

/** The students listed per question as those who lost most. */
const LOSERS = 5;

/** Mean score on a question of some examinees (those with a score on it). */
const meanOf = (rows: readonly ScoreEntry[], q: QuestionRow): number | null =>
  mean(rows.flatMap((r) => (r.questions?.[q.no] !== undefined ? [r.questions[q.no]!] : [])));

/** 得分率 of a question over some examinees. */
function rateOf(rows: readonly ScoreEntry[], q: QuestionRow): number | null {
  const m = meanOf(rows, q);
  return m === null || q.full <= 0 ? null : m / q.full;
}

/**
 * 试卷讲评 of one class against its grade (every examinee of the exam), question by question: 得分率 of both,
 * the class's most chosen wrong answers (objective), the students who lost most, and for a subjective question
 * marked on a block the highest and lowest scored answers of the class. Pure: the reads in, the rows out.
 */
export function commentaryQuestions(input: {
  questions: readonly QuestionRow[];
  /** every scored examinee of the subject (the grade) */
  all: readonly ScoreEntry[];
  classId: number;
  /** the class's answers to objective questions per question no */
  answers: ReadonlyMap<string, GivenAnswer[]>;
  /** question nos marked on a block (a typical answer can be cut) */
  onBlock: ReadonlySet<string>;
  names: ReadonlyMap<number, Named>;
}): CommentaryQuestion[] {
  const own = input.all.filter((r) => r.classId === input.classId && r.total !== null);
  const student = (i: number, score: number) => {
    const r = own[i]!;
    const n = input.names.get(r.examineeId);
    return { examineeId: r.examineeId, kaohao: n?.kaohao ?? '', name: n?.name ?? '', score };
  };
  return input.questions.map((q) => {
    const scores = own.map((r) => (r.questions ? (r.questions[q.no] ?? null) : null));
    const subjective = q.kind === 'subjective';
    let typical: CommentaryQuestion['typical'] = null;
    if (subjective && input.onBlock.has(q.no)) {
      const t = typicalAnswers(scores);
      typical = {
        high: t.high === null ? null : student(t.high, scores[t.high]!),
        low: t.low === null ? null : student(t.low, scores[t.low]!),
      };
    }
    return {
      no: q.no,
      kind: q.kind,
      full: q.full,
      answer: q.answer,
      classRate: rateOf(own, q),
      gradeRate: rateOf(input.all, q),
      wrong: subjective ? null : wrongAnswers(input.answers.get(q.no) ?? [], q.answer),
      losers: largestLosses(scores, q.full, LOSERS).map((l) => ({
        ...student(l.index, scores[l.index]!),
        lost: l.lost,
      })),
      typical,
    };
  });
}

/**
 * One subject of a student's report: the student's score and ranks (`figures` over every examinee of the exam,
 * in the order of `entries`), the class's mean and best, and each question against the class (mean and 得分率
 * of those with a score on it). `classmates` are the student's class with their question scores.
 */
export function studentSubject(input: {
  subject: { id: number | null; name: string; fullScore: number };
  questions: readonly QuestionRow[];
  entries: readonly { examineeId: number }[];
  figures: readonly StudentFigures[];
  classmates: readonly ScoreEntry[];
  examineeId: number;
}): StudentReportSubject | null {
  const i = input.entries.findIndex((e) => e.examineeId === input.examineeId);
  const me = input.classmates.find((e) => e.examineeId === input.examineeId);
  if (i < 0 || !me) return null;
  const f = input.figures[i]!;
  const sat = input.classmates.filter((e) => e.total !== null);
  const totals = sat.map((e) => e.total!);
  return {
    subjectId: input.subject.id,
    name: input.subject.name,
    fullScore: input.subject.fullScore,
    score: me.total,
    rankInClass: f.rankInClass,
    rankInSchool: f.rankInSchool,
    rank: f.rank,
    classMean: mean(totals),
    classMax: totals.length ? Math.max(...totals) : null,
    grade: f.grade,
    points: f.points,
    questions: input.questions.map((q) => ({
      no: q.no,
      full: q.full,
      score: me.total === null ? null : (me.questions?.[q.no] ?? null),
      classMean: meanOf(sat, q),
      classRate: rateOf(sat, q),
    })),
  };
}
