/** A printed T/F answer reads as the key's letter: the key stores 判断 as A = 对, B = 错 (contracts question.ts). */
const TRUE_FALSE: Record<string, string> = { T: 'A', F: 'B' };

/**
 * 多选少选 rule, chosen per question on 题目设置: `fixed` gives a correct subset `partialScore` (none set: 0);
 * `share` gives the share of the options found, score × found / key size, rounded down to half a point
 * (3 of 4 right on a 6-point question: 4.5).
 */
export type PartialRule = 'fixed' | 'share';

/**
 * Objective scoring (DESIGN.md §6): single / trueFalse: answer equals chosen -> score; multi: same set -> score,
 * a non-empty subset of the answer with no wrong option -> the partial rule, else 0; chosen null/empty -> 0.
 * Answers are option letters as the structure stores them ('ACD'; 判断 'A' = 对, 'B' = 错); chosen are the
 * recognised labels (a card read with T/F labels counts T as A and F as B). An empty key (not entered yet) -> 0.
 */
export function objectiveScore(
  q: {
    kind: 'single' | 'multi' | 'trueFalse';
    answer: string;
    score: number;
    partialScore: number | null;
    partialRule?: PartialRule;
  },
  chosen: string[] | null,
): number {
  const letters = (chosen ?? []).flatMap((c) => [...c.toUpperCase()]);
  const picked = new Set(q.kind === 'trueFalse' ? letters.map((c) => TRUE_FALSE[c] ?? c) : letters);
  const key = new Set(q.answer.toUpperCase());
  if (!picked.size || !key.size) return 0;
  const wrong = [...picked].some((c) => !key.has(c));
  if (wrong) return 0;
  if (picked.size === key.size) return q.score;
  // a subset: partial credit is a 多选 rule only; a single / 判断 key has one letter, so this is multi
  if (q.kind !== 'multi') return 0;
  if (q.partialRule === 'share') return Math.floor(((q.score * picked.size) / key.size) * 2) / 2;
  return q.partialScore ?? 0;
}
