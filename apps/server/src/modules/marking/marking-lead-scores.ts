import type { BlockPoints, MarkQuestion } from '@yj/contracts';

/** The 给分板 of a block: its questions in block order, step and 给分点 from the block, full score from the structure. */
export function blockQuestions(
  nos: string[],
  points: unknown[],
  rows: { no: string; score: number; step: number; answer: string }[],
): MarkQuestion[] {
  const byNo = new Map(rows.map((r) => [r.no, r]));
  const settings = new Map((points as BlockPoints[]).map((p) => [p.no, p]));
  return nos.flatMap((no) => {
    const q = byNo.get(no);
    if (!q) return [];
    const s = settings.get(no);
    return [{ no, fullScore: q.score, step: s?.step ?? q.step, points: s?.points ?? [], answer: q.answer }];
  });
}

const onStep = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

/** Why a set of question scores does not fit the block (every question once, within full score, on the step). */
export function scoresProblem(
  questions: MarkQuestion[],
  scores: { no: string; score: number; points?: number[] | undefined }[],
): string | null {
  const given = new Map(scores.map((s) => [s.no, s]));
  if (given.size !== scores.length) return '同一道题只能给一次分';
  for (const s of scores) if (!questions.some((q) => q.no === s.no)) return `第 ${s.no} 题不在这个题块中`;
  for (const q of questions) {
    const s = given.get(q.no);
    if (!s) return `请给第 ${q.no} 题打分`;
    if (s.score > q.fullScore) return `第 ${q.no} 题不能超过满分 ${q.fullScore} 分`;
    if (!onStep(s.score, q.step)) return `第 ${q.no} 题的分数应是 ${q.step} 分的整数倍`;
    if (s.points && q.points.length) {
      if (s.points.length !== q.points.length) return `第 ${q.no} 题的给分点个数不对`;
      const over = s.points.findIndex((v, i) => v > q.points[i]!.score);
      if (over >= 0) return `第 ${q.no} 题给分点“${q.points[over]!.name}”超过了它的分值`;
      const sum = s.points.reduce((a, b) => a + b, 0);
      if (Math.abs(sum - s.score) > 1e-9) return `第 ${q.no} 题的给分点之和与题分不一致`;
    }
  }
  return null;
}
