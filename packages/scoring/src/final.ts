import { roundToStep, total, type Marks } from './round';

/** How the marks of a double-marked block become the final score (contracts `finalRule`). */
export type FinalRule = 'mean' | 'higher' | 'lower';
/** Beyond the error threshold: a block leader decides (2+1), or a third marker first (2+1+1). */
export type ArbitrationRule = 'leader' | 'third';
/** One question of a block as marking sees it: its full score, score step and optional 给分点. */
export interface QuestionRule {
  no: string;
  fullScore: number;
  step: number;
  points?: { name: string; score: number }[];
}

/** How the 'mean' rule rounds, in Chinese, for the block settings screen. */
export const FINAL_RULE_ROUNDING = '两评平均分按本题步长四舍五入（如步长 0.5 时 4.25 记 4.5）';

function scoreOf(m: Marks, no: string): number {
  const v = m[no];
  // checkMarks lets no mark in without every question of the block: a gap here is a bug, not a zero
  if (v === undefined) throw new Error(`第 ${no} 题缺少分数`);
  return v;
}

/**
 * The final marks of two (or more) marks under the rule, per question, each rounded to its step. 'higher'/'lower'
 * choose the WHOLE mark with the higher/lower total (not per question; equal totals: the earlier mark); 'mean'
 * averages per question then rounds to each step. The result has exactly the questions of `questions`.
 */
export function combine(marks: Marks[], rule: FinalRule, questions: QuestionRule[]): Marks {
  if (!marks.length) throw new Error('没有可合成的评分');
  const out: Marks = {};
  if (rule === 'mean') {
    for (const q of questions) {
      const sum = marks.reduce((s, m) => s + scoreOf(m, q.no), 0);
      out[q.no] = roundToStep(sum / marks.length, q.step);
    }
    return out;
  }
  const better = (a: number, b: number) => (rule === 'higher' ? a > b : a < b);
  let chosen = marks[0]!;
  for (const m of marks.slice(1)) if (better(total(m), total(chosen))) chosen = m;
  for (const q of questions) out[q.no] = roundToStep(scoreOf(chosen, q.no), q.step);
  return out;
}

/** What the block's submitted marks of one paper lead to. */
export type Decision =
  | { kind: 'final'; scores: Marks; total: number; source: 'single' | 'double' | 'third' }
  /** a slot still unmarked */
  | { kind: 'wait' }
  /** create the third-mark task (2+1+1) */
  | { kind: 'third' }
  /** create a leader's arbitration task */
  | { kind: 'arbitration' };

const final = (scores: Marks, source: 'single' | 'double' | 'third'): Decision => ({
  kind: 'final',
  scores,
  total: total(scores),
  source,
});

/**
 * The final block score from the submitted marks in slot order [first, second?, third?]. Single: the mark.
 * Double: |total1-total2| <= threshold -> combine(rule) source 'double'; beyond -> 'arbitration' (rule leader) or
 * 'third'. With a third mark: of the pairs (third, first) and (third, second) take the closer one (tie: the one
 * with first); within threshold -> combine(rule) of that pair (in slot order), source 'third'; else
 * 'arbitration'. First and second within threshold win over a third mark (a 回评 change can bring them together);
 * a third mark present is used even if the block's rule has since become 'leader'.
 */
export function decide(input: {
  markCount: 1 | 2;
  threshold: number | null;
  rule: FinalRule;
  arbitration: ArbitrationRule;
  questions: QuestionRule[];
  marks: Marks[];
}): Decision {
  const { markCount, threshold, rule, questions, marks } = input;
  const [first, second, third] = marks;
  if (!first) return { kind: 'wait' };
  if (markCount === 1) return final(combine([first], 'mean', questions), 'single');
  if (!second) return { kind: 'wait' };
  if (threshold === null) throw new Error('双评须设置误差阈值');
  // totals are tenths; the epsilon keeps 0.1 + 0.2 vs 0.3 style noise from deciding
  const gap = (a: Marks, b: Marks) => Math.abs(total(a) - total(b));
  const within = (a: Marks, b: Marks) => gap(a, b) <= threshold + 1e-9;
  if (within(first, second)) return final(combine([first, second], rule, questions), 'double');
  if (!third) return input.arbitration === 'leader' ? { kind: 'arbitration' } : { kind: 'third' };
  const pair = gap(third, first) <= gap(third, second) + 1e-9 ? [first, third] : [second, third];
  if (within(pair[0]!, pair[1]!)) return final(combine(pair, rule, questions), 'third');
  return { kind: 'arbitration' };
}
