import { mean } from './describe';

/** One student of a quiz as the class result reads them: total null for 缺考 / no sheet. */
export interface QuizStudent {
  name: string;
  total: number | null;
  /** question no → points earned */
  scores: Readonly<Record<string, number>>;
  /** objective question no → the letters chosen ('' blank, null undecided) */
  chosen: Readonly<Record<string, string | null>>;
}

export interface QuizQuestionIn {
  no: string;
  full: number;
  /** the key of an objective question; null for a subjective one */
  answer: string | null;
}

export interface QuizQuestionOut {
  no: string;
  full: number;
  answer: string | null;
  /** 得分率: points earned over points possible of the students who sat, 0–1 (null: nobody sat) */
  rate: number | null;
  /** who did not get full marks, by name, in the order given */
  wrong: string[];
  /** objective: how many chose each answer ('' = left blank), most chosen first */
  choices: Array<{ answer: string; count: number; names: string[] }>;
}

export interface QuizBand {
  /** "0-9" … "90-100" of the full score in tenths, as 分数段 */
  label: string;
  count: number;
}

export interface QuizClassResult {
  sat: number;
  absent: number;
  average: number | null;
  max: number | null;
  min: number | null;
  /** ten bands of the full score, the last one closed (full marks fall in it) */
  distribution: QuizBand[];
  questions: QuizQuestionOut[];
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The class result of a quiz (average, 分数段, each question's 得分率, who got it wrong and who chose what). */
export function quizClassResult(
  fullScore: number,
  questions: readonly QuizQuestionIn[],
  students: readonly QuizStudent[],
): QuizClassResult {
  const sat = students.filter((s) => s.total !== null);
  const totals = sat.map((s) => s.total!);
  const width = fullScore / 10;
  const distribution: QuizBand[] = Array.from({ length: 10 }, (_, i) => ({
    label: `${round(i * width, 1)}-${round((i + 1) * width, 1)}`,
    count: 0,
  }));
  for (const t of totals) distribution[Math.min(9, Math.max(0, Math.floor(t / width)))]!.count++;
  const avg = mean(totals);
  return {
    sat: sat.length,
    absent: students.length - sat.length,
    average: avg === null ? null : round(avg, 2),
    max: totals.length ? Math.max(...totals) : null,
    min: totals.length ? Math.min(...totals) : null,
    distribution,
    questions: questions.map((q) => {
      const earned = sat.reduce((n, s) => n + (s.scores[q.no] ?? 0), 0);
      const choices = new Map<string, string[]>();
      if (q.answer !== null)
        for (const s of sat) {
          const c = s.chosen[q.no] ?? '';
          choices.set(c, [...(choices.get(c) ?? []), s.name]);
        }
      return {
        no: q.no,
        full: q.full,
        answer: q.answer,
        rate: sat.length && q.full ? round(earned / (q.full * sat.length), 4) : null,
        wrong: sat.filter((s) => (s.scores[q.no] ?? 0) < q.full).map((s) => s.name),
        choices: [...choices]
          .map(([answer, names]) => ({ answer, count: names.length, names }))
          .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer)),
      };
    }),
  };
}
