import type { MarkQuestion } from '@yj/contracts';

/** One box of the 给分板: a whole question, or one 给分点 of a question that has them. */
export interface ScoreField {
  /** the question's number */
  no: string;
  /** index of the 给分点, or null when the question is scored whole */
  point: number | null;
  label: string;
  full: number;
  step: number;
}

/** The boxes of one paper, in the question order: a question with 给分点 gives one box per point. */
export function scoreFields(questions: readonly MarkQuestion[]): ScoreField[] {
  return questions.flatMap((q): ScoreField[] =>
    q.points.length
      ? q.points.map((p, i) => ({
          no: q.no,
          point: i,
          label: `${q.no}·${p.name}`,
          full: p.score,
          step: q.step,
        }))
      : [{ no: q.no, point: null, label: q.no, full: q.fullScore, step: q.step }],
  );
}

// Scores are kept in hundredths so 0.5 steps add up without floating-point drift.
const cents = (n: number) => Math.round(n * 100);

/** The step buttons from 0 up to full: the multiples of the step (the server takes no other score). */
export function stepScores(full: number, step: number): number[] {
  const s = step > 0 ? step : 1;
  const out: number[] = [];
  for (let c = 0; c <= cents(full); c += cents(s)) out.push(c / 100);
  return out;
}

/** Why a typed score cannot stand (packages/scoring checkMarks mirrored: 0..full, a multiple of the step). */
export function scoreError(value: number, field: Pick<ScoreField, 'full' | 'step'>): string | null {
  if (!Number.isFinite(value)) return '请输入分数';
  if (value < 0) return '分数不能为负';
  if (value > field.full) return `超过满分 ${field.full}`;
  const s = field.step > 0 ? field.step : 1;
  if (cents(value) % cents(s) !== 0) return `分数须为 ${s} 的整数倍`;
  return null;
}

/** Parses what was typed ("7", "7.5", ".5"); null when it is not a number. */
export function parseTyped(text: string): number | null {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

export interface QuestionScore {
  no: string;
  score: number;
  points?: number[];
}

/** The submit body's scores from one paper's box values (every box filled), points summed per question. */
export function toQuestionScores(
  fields: readonly ScoreField[],
  values: readonly (number | null)[],
): QuestionScore[] {
  const out: QuestionScore[] = [];
  fields.forEach((f, i) => {
    const v = values[i] ?? 0;
    const last = out[out.length - 1];
    if (f.point !== null && last && last.no === f.no && last.points) {
      last.points.push(v);
      last.score = (cents(last.score) + cents(v)) / 100;
    } else if (f.point !== null) out.push({ no: f.no, score: v, points: [v] });
    else out.push({ no: f.no, score: v });
  });
  return out;
}

/** The boxes' values back from stored scores (回评, arbitration's given marks). */
export function fromStored(
  fields: readonly ScoreField[],
  questionScores: Record<string, number>,
  pointScores: Record<string, number[]> | null,
): (number | null)[] {
  return fields.map((f) =>
    f.point === null ? (questionScores[f.no] ?? null) : (pointScores?.[f.no]?.[f.point] ?? null),
  );
}

/** The total of the filled boxes. */
export function totalOf(values: readonly (number | null)[]): number {
  return values.reduce<number>((sum, v) => sum + cents(v ?? 0), 0) / 100;
}
