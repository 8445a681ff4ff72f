import type { QuestionRule } from './final';

/** A multiple of step, within float noise (2.3 / 0.1 is 22.999999999999996). */
const onStep = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;
/** A number as the message shows it: float noise cut to a millionth. */
const shown = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** Why one score (a question's or a 给分点's, named by `what`) is out of 0..max or off the step; null when fine. */
function scoreProblem(what: string, v: number, max: number, step: number): string | null {
  if (!Number.isFinite(v)) return `${what}无效`;
  if (v < 0) return `${what} ${shown(v)} 不能为负`;
  if (v > max + 1e-9) return `${what} ${shown(v)} 超过满分 ${shown(max)} 分`;
  if (!onStep(v, step)) return `${what} ${shown(v)} 不是步长 ${shown(step)} 分的整数倍`;
  return null;
}

function pointsProblem(q: QuestionRule, score: number, points: number[] | undefined): string | null {
  const rules = q.points ?? [];
  if (!rules.length) return points?.length ? `第 ${q.no} 题没有给分点，请直接给分` : null;
  if (!points || points.length !== rules.length) return `第 ${q.no} 题须按 ${rules.length} 个给分点逐一给分`;
  for (const [i, p] of rules.entries()) {
    const problem = scoreProblem(`第 ${q.no} 题给分点“${p.name}”的分数`, points[i]!, p.score, q.step);
    if (problem) return problem;
  }
  const sum = Math.round(points.reduce((s, v) => s + v, 0) * 10) / 10;
  if (Math.abs(sum - score) > 1e-9)
    return `第 ${q.no} 题给分点之和 ${shown(sum)} 分与该题分数 ${shown(score)} 分不一致`;
  return null;
}

/**
 * Checks a submitted mark: every question of the block exactly once, 0 <= score <= fullScore, a multiple of step;
 * when points are given: one per 给分点, each 0..its score, a multiple of step, summing to the score. Returns a
 * Chinese message naming the question (e.g. `第 13 题的分数 7 超过满分 6 分`) or null when valid.
 */
export function checkMarks(
  scores: { no: string; score: number; points?: number[] }[],
  questions: QuestionRule[],
): string | null {
  const byNo = new Map(questions.map((q) => [q.no, q]));
  const seen = new Set<string>();
  for (const s of scores) {
    const q = byNo.get(s.no);
    if (!q) return `第 ${s.no} 题不在本题块中`;
    if (seen.has(s.no)) return `第 ${s.no} 题重复给分`;
    seen.add(s.no);
    const problem =
      scoreProblem(`第 ${q.no} 题的分数`, s.score, q.fullScore, q.step) ??
      pointsProblem(q, s.score, s.points);
    if (problem) return problem;
  }
  const missing = questions.find((q) => !seen.has(q.no));
  return missing ? `第 ${missing.no} 题未给分` : null;
}
