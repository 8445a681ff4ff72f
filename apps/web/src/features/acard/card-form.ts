import {
  CARD_PAPERS,
  type CardBoxOptions,
  type CardDesign,
  type CardOptionsInput,
  type CardPaper,
  type CardQuestion,
} from '@yj/contracts';

// The designer's state and its rules, kept apart from the components so they are tested on their own.

export type CardForm = CardDesign['options'];
export type BoxStyle = NonNullable<CardBoxOptions['style']>;

export const ESSAY_DEFAULT_CHARS = 800;

/** The column counts a paper allows. */
export const columnsOf = (paper: CardPaper): readonly number[] => CARD_PAPERS[paper].columns;

/** A new paper keeps the column count when the paper allows it, else takes the paper's default. */
export function withPaper(f: CardForm, paper: CardPaper): CardForm {
  const spec = CARD_PAPERS[paper];
  return {
    ...f,
    paper,
    columns: (spec.columns as readonly number[]).includes(f.columns) ? f.columns : spec.defaultColumns,
  };
}

/** One question's box with a change; settings equal to the defaults are dropped, so the body stays small. */
export function withBox(f: CardForm, q: CardQuestion, change: Partial<CardBoxOptions>): CardForm {
  const merged: CardBoxOptions = { ...f.boxes[q.no], ...change };
  const box: CardBoxOptions = {};
  const style = merged.style ?? 'blank';
  if (style !== 'blank') box.style = style;
  if (style === 'essay') {
    if (merged.essayChars !== undefined && merged.essayChars !== ESSAY_DEFAULT_CHARS)
      box.essayChars = merged.essayChars;
  } else if (merged.height !== undefined && merged.height !== q.defaultHeight) box.height = merged.height;
  const boxes = { ...f.boxes };
  if (Object.keys(box).length) boxes[q.no] = box;
  else delete boxes[q.no];
  return { ...f, boxes };
}

/** What a question's box is now: its style, height (mm) and essay size. */
export function boxOf(f: CardForm, q: CardQuestion): { style: BoxStyle; height: number; essayChars: number } {
  const b = f.boxes[q.no] ?? {};
  return {
    style: b.style ?? 'blank',
    height: b.height ?? q.defaultHeight,
    essayChars: b.essayChars ?? ESSAY_DEFAULT_CHARS,
  };
}

/** The subjective questions in the card's order (the order list first, the rest as in the structure). */
export function ordered(f: CardForm, questions: CardQuestion[]): CardQuestion[] {
  const byNo = new Map(questions.map((q) => [q.no, q]));
  const first = f.order.map((no) => byNo.get(no)).filter((q): q is CardQuestion => !!q);
  const seen = new Set(first.map((q) => q.no));
  return [...first, ...questions.filter((q) => !seen.has(q.no))];
}

/**
 * Moves a question up (-1) or down (+1). The members of a 选做 group share one box, so a group moves
 * as one block past its neighbours.
 */
export function move(f: CardForm, questions: CardQuestion[], no: string, delta: -1 | 1): CardForm {
  const blocks: CardQuestion[][] = [];
  for (const q of ordered(f, questions)) {
    const last = blocks.at(-1);
    if (q.optionalGroup && last?.[0]?.optionalGroup === q.optionalGroup) last.push(q);
    else blocks.push([q]);
  }
  const i = blocks.findIndex((b) => b.some((q) => q.no === no));
  const j = i + delta;
  if (i < 0 || j < 0 || j >= blocks.length) return f;
  [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
  const order = blocks.flat().map((q) => q.no);
  const natural = questions.map((q) => q.no);
  return { ...f, order: order.join() === natural.join() ? [] : order };
}

/** The body of preview / pdf / save: the form without empty settings. */
export function toBody(f: CardForm): CardOptionsInput {
  const title = f.title?.trim();
  return {
    ...(title ? { title } : {}),
    paper: f.paper,
    columns: f.columns,
    examNumber: f.examNumber,
    twoSided: f.twoSided,
    scoreBoxes: f.scoreBoxes,
    boxes: f.boxes,
    order: f.order,
  };
}

/** A stable text of the body: the preview's query key, and "has it changed since saving". */
export const bodyKey = (f: CardForm): string => JSON.stringify(toBody(f));
