import type { ScoreRule } from '@yj/contracts';

/** A structure question as the score rule needs it. */
export interface ScoredQuestion {
  no: string;
  score: number;
  step: number;
}

/** The questions a strip scores: `13|14` names two, `13` also takes 13(1), 13(2) when 13 itself is not listed. */
function questionsOf(question: string, questions: ScoredQuestion[]): ScoredQuestion[] {
  return question
    .split('|')
    .map((n) => n.trim())
    .filter(Boolean)
    .flatMap((n) => {
      const same = questions.filter((q) => q.no === n);
      return same.length
        ? same
        : questions.filter((q) => q.no.startsWith(`${n}(`) || q.no.startsWith(`${n}（`));
    });
}

/**
 * What a person may type for a 打分栏: up to the full score of its question(s) in the structure, in their
 * step (0.5 when any of them allows halves). A strip over questions the structure does not know is capped
 * by what it can hold (the largest label of each digit, summed).
 */
export function scoreRule(
  question: string,
  questions: ScoredQuestion[],
  digitLabels: string[][],
  read: number | null,
): ScoreRule {
  const qs = questionsOf(question, questions);
  if (qs.length)
    return {
      question,
      max: qs.reduce((s, q) => s + q.score, 0),
      step: qs.some((q) => q.step === 0.5) ? 0.5 : 1,
      read,
    };
  const max = digitLabels.reduce(
    (s, ls) => s + Math.max(0, ...ls.map((l) => Number(l)).filter(Number.isFinite)),
    0,
  );
  const halves = digitLabels.flat().some((l) => !Number.isInteger(Number(l)));
  return { question, max, step: halves ? 0.5 : 1, read };
}

/** Why a typed score does not fit the rule, or null when it does. */
export function scoreProblem(score: number, rule: ScoreRule): string | null {
  if (score < 0) return '分数不能小于 0';
  if (score > rule.max)
    return `第${rule.question.replaceAll('|', '、')}题满分 ${rule.max} 分，输入的分数超过满分`;
  if (!Number.isInteger(score / rule.step))
    return rule.step === 1 ? '该题只能给整数分' : '分数只能是 0.5 的倍数';
  return null;
}
