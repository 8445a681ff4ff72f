import { createHash } from 'node:crypto';
import { CARD_PAPERS, structureProblems, type CardOptionsValue, type Structure } from '@yj/contracts';
import type { CardGeometry } from '@yj/card';

// Pure rules of the online card: defaults, the card's identity, what in a structure stops a card.

export type ResolvedOptions = CardOptionsValue & {
  columns: number;
  examNumber: NonNullable<CardOptionsValue['examNumber']>;
};

const DEFAULT_DIGITS = 8;

/** The kaohao length of an exam as a bubble-grid width (4–14), or the default when unknown. */
export function digitsOf(kaohao: string | undefined): number {
  const n = kaohao?.length ?? 0;
  return n >= 4 && n <= 14 ? n : DEFAULT_DIGITS;
}

/** Options with the paper's column count and the exam's kaohao length filled in. */
export function resolveOptions(o: CardOptionsValue, kaohaoDigits: number): ResolvedOptions {
  return {
    ...o,
    columns: o.columns ?? CARD_PAPERS[o.paper].defaultColumns,
    examNumber: o.examNumber ?? { kind: 'bubbles', digits: kaohaoDigits },
  };
}

/** A new card's boxes: a 语文 essay question (40 points or more) gets an 800-character 作文格. */
export function defaultBoxes(course: string, s: Structure): CardOptionsValue['boxes'] {
  if (course !== '语文') return {};
  const essay = [...s.subjective].reverse().find((q) => q.score >= 40);
  return essay ? { [essay.no]: { style: 'essay', essayChars: 800 } } : {};
}

/** JSON with object keys sorted: options read back from jsonb come in another key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * The card id printed in every page QR: the subject and a digest of what decides the regions (question
 * numbers, kinds, option counts, scores, 选做, A/B and the options but the title), so a card printed from
 * an outdated layout is told apart from the saved template.
 */
export function cardIdOf(subjectId: number, s: Structure, o: ResolvedOptions): string {
  const shape = {
    objective: s.objective.map((q) => [q.no, q.kind, q.options]),
    subjective: s.subjective.map((q) => [q.no, q.score, q.step]),
    optionalGroups: s.optionalGroups,
    abEnabled: s.abEnabled,
    options: { ...o, title: undefined },
  };
  const digest = createHash('sha256').update(canonical(shape)).digest('hex').slice(0, 10);
  return `${subjectId}-${digest}`;
}

/**
 * What in a question structure stops a card from being laid out, in Chinese: no questions, totals that
 * differ from the full score, clashing numbers, broken 选做 groups. Missing answer keys do not matter to
 * the card and are left out.
 */
export function structureBlockers(s: Structure, fullScore: number): string[] {
  const keyed: Structure = {
    ...s,
    objective: s.objective.map((q) => ({ ...q, answer: q.answer || 'A', answerB: q.answerB || 'A' })),
  };
  return structureProblems(keyed, fullScore);
}

/** The message of a structure that cannot make a card. */
export function blockerMessage(problems: string[]): string {
  return `题目结构还不能生成答题卡：${problems.join('；')}。请先在“题目设置”中修改。`;
}

/** Notes on a laid-out card that do not stop it. */
export function layoutNotes(g: CardGeometry, o: ResolvedOptions, kaohaoDigits: number | null): string[] {
  const notes: string[] = [];
  const split = new Set<string>();
  for (const p of g.pages)
    for (const b of p.regions.subjective) if (b.name.includes('(续')) split.add(b.question);
  if (split.size)
    notes.push(
      `第 ${[...split].join('、')} 题的答题框一栏放不下，已接到下一栏续排；可减小框高、字数或换更大的纸张`,
    );
  if (o.examNumber.kind === 'bubbles' && kaohaoDigits !== null && o.examNumber.digits !== kaohaoDigits)
    notes.push(`考号填涂 ${o.examNumber.digits} 位，本考试的考号是 ${kaohaoDigits} 位`);
  return notes;
}

/** "数学答题卡.pdf": a file name without characters file systems refuse. */
export function pdfName(subjectName: string): string {
  return `${subjectName.replace(/[\\/:*?"<>|\s]+/g, '')}答题卡.pdf`;
}
