/** One quiz of the class, in term order: its questions (full marks, objective or subjective). */
export interface TrendQuizIn {
  examId: number;
  name: string;
  date: string;
  questions: ReadonlyArray<{ no: string; full: number; objective: boolean }>;
}

/** A student's sitting of one quiz: total null for 缺考 / no score; question no → points earned. */
export interface TrendSitting {
  examId: number;
  studentId: number;
  total: number | null;
  scores: Readonly<Record<string, number>>;
}

export interface TrendStudentIn {
  studentId: number;
  name: string;
  xuehao: string;
}

/** 得分率 as a percentage with one decimal; null when nothing was possible. */
export interface TrendRates {
  rate: number | null;
  objectiveRate: number | null;
  subjectiveRate: number | null;
}

export interface TrendQuizOut extends TrendRates {
  examId: number;
  name: string;
  date: string;
  sat: number;
}

export interface TrendStudentOut extends TrendRates {
  studentId: number;
  name: string;
  xuehao: string;
  /** the student's 得分率 in each quiz, in the quizzes' order (null: 缺考) */
  rates: Array<number | null>;
  sat: number;
}

export interface QuizTrend {
  quizzes: TrendQuizOut[];
  students: TrendStudentOut[];
}

const percent = (earned: number, possible: number) =>
  possible > 0 ? Math.round((earned / possible) * 1000) / 10 : null;

/** Points earned and possible, overall and by question type, summed over sittings. */
interface Tally {
  earned: number;
  full: number;
  objEarned: number;
  objFull: number;
  subEarned: number;
  subFull: number;
}
const empty = (): Tally => ({ earned: 0, full: 0, objEarned: 0, objFull: 0, subEarned: 0, subFull: 0 });
const rates = (t: Tally): TrendRates => ({
  rate: percent(t.earned, t.full),
  objectiveRate: percent(t.objEarned, t.objFull),
  subjectiveRate: percent(t.subEarned, t.subFull),
});

/**
 * A class's quizzes over the term (issue 33): each quiz's 得分率 (points earned over points possible of those who
 * sat, so the class average's share of full marks), each student's 得分率 in every quiz and over all they sat, and
 * both split by question type (objective / subjective). 缺考 counts nowhere.
 */
export function quizTrend(
  quizzes: readonly TrendQuizIn[],
  students: readonly TrendStudentIn[],
  sittings: readonly TrendSitting[],
): QuizTrend {
  const sat = new Map<string, TrendSitting>();
  for (const s of sittings) if (s.total !== null) sat.set(`${s.examId}:${s.studentId}`, s);
  const add = (t: Tally, q: TrendQuizIn, s: TrendSitting) => {
    for (const x of q.questions) {
      const got = s.scores[x.no] ?? 0;
      if (x.objective) {
        t.objEarned += got;
        t.objFull += x.full;
      } else {
        t.subEarned += got;
        t.subFull += x.full;
      }
    }
    t.earned += s.total!;
    t.full += q.questions.reduce((n, x) => n + x.full, 0);
  };
  const byStudent = new Map(students.map((s) => [s.studentId, empty()]));
  const perStudentRates = new Map(students.map((s) => [s.studentId, [] as Array<number | null>]));
  const quizOut = quizzes.map((q) => {
    const t = empty();
    let n = 0;
    const full = q.questions.reduce((m, x) => m + x.full, 0);
    for (const st of students) {
      const s = sat.get(`${q.examId}:${st.studentId}`);
      perStudentRates.get(st.studentId)!.push(s ? percent(s.total!, full) : null);
      if (!s) continue;
      n++;
      add(t, q, s);
      add(byStudent.get(st.studentId)!, q, s);
    }
    return { examId: q.examId, name: q.name, date: q.date, sat: n, ...rates(t) };
  });
  return {
    quizzes: quizOut,
    students: students.map((st) => {
      const r = perStudentRates.get(st.studentId)!;
      return {
        ...st,
        rates: r,
        sat: r.filter((x) => x !== null).length,
        ...rates(byStudent.get(st.studentId)!),
      };
    }),
  };
}
