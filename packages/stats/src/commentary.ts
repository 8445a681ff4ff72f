import type { Scores } from './describe';

// 试卷讲评 (exam_commentary): what a teacher shows the class the day after — per question, the wrong answers
// chosen most, the students who lost most on it, and the highest and lowest scored answers to show.

/** An answer given to an objective question and how many gave it ('' blank). */
export interface GivenAnswer {
  answer: string;
  count: number;
}

export interface WrongAnswer {
  answer: string;
  count: number;
  /** share of everyone who answered the question (right, wrong or blank) */
  rate: number;
}

/** Letters of an answer in order, so 'BA' and 'AB' are the same choice. */
const normal = (a: string) => [...a.toUpperCase()].sort().join('');

/**
 * The wrong answers of an objective question, most chosen first (equal counts by answer): every answer given
 * other than the key and a blank. For a 多选 a partial choice (a subset of the key) is wrong too: it is not the
 * key. Empty when no one answered or everyone was right.
 */
export function wrongAnswers(given: readonly GivenAnswer[], key: string, top = 3): WrongAnswer[] {
  const all = given.reduce((a, g) => a + g.count, 0);
  if (!all) return [];
  const k = normal(key);
  const counts = new Map<string, number>();
  for (const g of given) {
    const a = normal(g.answer);
    if (a === '' || a === k) continue;
    counts.set(a, (counts.get(a) ?? 0) + g.count);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, top)
    .map(([answer, count]) => ({ answer, count, rate: count / all }));
}

/**
 * The examinees who lost most on a question (full − score), most first; equal losses in list order. Those
 * without a score (缺考, a 选做 not chosen) and full marks (nothing lost) are never listed.
 */
export function largestLosses(scores: Scores, full: number, top = 5): { index: number; lost: number }[] {
  const out: { index: number; lost: number }[] = [];
  scores.forEach((s, index) => {
    if (s === null || s === undefined || s >= full) return;
    out.push({ index, lost: full - s });
  });
  return out.sort((a, b) => b.lost - a.lost || a.index - b.index).slice(0, top);
}

/**
 * The answers to show as typical: the position of the highest score and of the lowest (the first in list
 * order on ties). `low` is null when every score is the same (one answer shows it); both null with no scores.
 */
export function typicalAnswers(scores: Scores): { high: number | null; low: number | null } {
  let high: number | null = null;
  let low: number | null = null;
  scores.forEach((s, i) => {
    if (s === null || s === undefined) return;
    if (high === null || s > scores[high]!) high = i;
    if (low === null || s < scores[low]!) low = i;
  });
  if (high !== null && low !== null && scores[high] === scores[low]) low = null;
  return { high, low };
}
