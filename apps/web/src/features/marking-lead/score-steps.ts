import type { MarkQuestion } from '@yj/contracts';
import type { QuestionScore } from './lead.api';

/** Most score buttons shown for one score; beyond it the dialog offers a number box. */
export const MAX_STEP_BUTTONS = 21;

/** Every score from 0 to `max` on `step` (empty when there are too many for buttons). */
export function stepScores(max: number, step: number): number[] {
  const n = Math.round(max / step);
  if (n + 1 > MAX_STEP_BUTTONS || n < 0) return [];
  return Array.from({ length: n + 1 }, (_, i) => Math.round(i * step * 10) / 10);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** What the leader must fill in: one score per question, or one per 给分点 of a question that has them. */
export interface ScoreField {
  key: string;
  no: string;
  label: string;
  max: number;
  step: number;
}
export function scoreFields(questions: MarkQuestion[]): ScoreField[] {
  return questions.flatMap((q) =>
    q.points.length
      ? q.points.map((p, i) => ({
          key: `${q.no}#${i}`,
          no: q.no,
          label: `给分点“${p.name}”（${p.score} 分）`,
          max: p.score,
          step: q.step,
        }))
      : [{ key: q.no, no: q.no, label: '', max: q.fullScore, step: q.step }],
  );
}

/** The filled fields as the resolve call sends them (a question with 给分点 scores their sum); null while one is empty. */
export function toScores(
  questions: MarkQuestion[],
  values: Record<string, number | null>,
): QuestionScore[] | null {
  const out: QuestionScore[] = [];
  for (const q of questions) {
    if (!q.points.length) {
      const v = values[q.no];
      if (v === null || v === undefined) return null;
      out.push({ no: q.no, score: v });
      continue;
    }
    const points = q.points.map((_, i) => values[`${q.no}#${i}`]);
    if (points.some((v) => v === null || v === undefined)) return null;
    const given = points as number[];
    out.push({ no: q.no, score: round1(given.reduce((a, v) => a + v, 0)), points: given });
  }
  return out;
}

/** The sum of the filled fields, to one decimal. */
export const totalOf = (values: Record<string, number | null>): number =>
  round1(Object.values(values).reduce<number>((a, v) => a + (v ?? 0), 0));
