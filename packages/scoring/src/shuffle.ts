// 题序 / 选项打乱 of an online exam (issue 34; A/B is the paper version of this): each student sees the questions
// and the options of single and multiple choice in an order of their own, the same at every reload and on every
// device (a function of the subject, the examinee and the question, never stored). Answers are kept against the
// real options, so the key, scoring and the marking pages need to know nothing of it.

/** FNV-1a, 32 bits, over the string's UTF-16 code units: a seed from a name. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small generator of numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates from the last place down, each place drawing from `next` (a fresh array; the input is kept). */
export function shuffleWith<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The same items in the order of the seed named by `key`. */
export const shuffled = <T>(items: readonly T[], key: string): T[] =>
  shuffleWith(items, mulberry32(fnv1a(key)));

export interface ShuffleSetting {
  questions: boolean;
  options: boolean;
}
interface OrderedQuestion {
  no: string;
  kind: string;
  options: number;
}
const OBJECTIVE = new Set(['single', 'multi', 'trueFalse']);
const letter = (i: number) => String.fromCharCode(65 + i);

/**
 * A student's order of the questions: within each run of consecutive objective, or consecutive written, questions
 * of the structure (the paper's 选择题 stay before its 解答题, whatever they are).
 */
export function questionOrder<Q extends { kind: string }>(questions: readonly Q[], key: string): Q[] {
  const runs: Q[][] = [];
  for (const q of questions) {
    const last = runs.at(-1);
    if (last && OBJECTIVE.has(last[0]!.kind) === OBJECTIVE.has(q.kind)) last.push(q);
    else runs.push([q]);
  }
  return runs.flatMap((run, i) => shuffled(run, `${key}:q${i}`));
}

/**
 * The real letters of a question's options in the order the student sees them (A B C D unshuffled). Only single
 * and multiple choice: 判断's 对 / 错 keep their places.
 */
export function optionLetters(q: OrderedQuestion, key: string, shuffle: boolean): string[] {
  const real = Array.from({ length: q.kind === 'trueFalse' ? 2 : q.options }, (_, i) => letter(i));
  return shuffle && (q.kind === 'single' || q.kind === 'multi') ? shuffled(real, `${key}:o${q.no}`) : real;
}

/** The seed's name for one examinee of one subject. */
export const sittingKey = (subjectId: number, examineeId: number): string => `${subjectId}:${examineeId}`;

/** A student's paper: the questions in their order, each with its options' real letters in the order shown. */
export function studentPaper<Q extends OrderedQuestion>(
  questions: readonly Q[],
  key: string,
  s: ShuffleSetting,
): Array<Q & { letters: string[] }> {
  const ordered = s.questions ? questionOrder(questions, key) : [...questions];
  return ordered.map((q) => ({ ...q, letters: optionLetters(q, key, s.options) }));
}
