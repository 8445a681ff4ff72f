import { z } from 'zod';
import { id, int, text } from './fields';
import { questionNo } from './question';
import { templateItem } from './template-meta';

// The online answer card (在线答题卡, dtk): the options a teacher picks in the designer. The server lays the
// card out from the subject's question structure and these options (packages/card); the same options give
// the preview, the PDF and the recognition template.

/** Paper sizes and the column counts each allows (packages/card PAPERS). */
export const CARD_PAPERS = {
  A4: { label: 'A4（竖排）', columns: [1, 2], defaultColumns: 1 },
  A5: { label: 'A5（两张印在一张 A4 上）', columns: [1], defaultColumns: 1 },
  A3: { label: 'A3（横排）', columns: [2, 3], defaultColumns: 3 },
  B4: { label: 'B4（横排）', columns: [2, 3], defaultColumns: 2 },
  '8K': { label: '8开（横排）', columns: [2, 3], defaultColumns: 2 },
} as const;
export type CardPaper = keyof typeof CARD_PAPERS;
export const cardPaper = z.enum(['A4', 'A5', 'A3', 'B4', '8K']);

export const CARD_BOX_STYLE_LABELS = { blank: '空白', lines: '横线', essay: '作文格' } as const;

/** One subjective question's box: height in mm (blank / lines), ruling, and the essay's cell count. */
export const cardBoxOptions = z.object({
  height: z.number().min(15, '答题框高度不能小于 15 毫米').max(400, '答题框高度不能超过 400 毫米').optional(),
  style: z.enum(['blank', 'lines', 'essay']).optional(),
  essayChars: z
    .number()
    .int()
    .min(100, '作文格字数不能少于 100')
    .max(2000, '作文格字数不能超过 2000')
    .optional(),
});
export type CardBoxOptions = z.infer<typeof cardBoxOptions>;

export const cardExamNumber = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bubbles'),
    digits: z.number().int().min(4, '考号位数应在 4 到 14 之间').max(14, '考号位数应在 4 到 14 之间'),
  }),
  z.object({ kind: z.literal('barcode') }),
]);
export type CardExamNumber = z.infer<typeof cardExamNumber>;

/** The designer's options (preview / pdf / save bodies). Every field has a default, so `{}` is a card. */
export const cardOptions = z.object({
  /** The title line; the exam's name when empty. */
  title: text().trim().max(60, '标题不能超过 60 个字').optional(),
  paper: cardPaper.default('A3'),
  /** The paper's default when absent. */
  columns: int(1, 3).optional(),
  /** The exam's kaohao length as a bubble grid when absent. */
  examNumber: cardExamNumber.optional(),
  twoSided: z.boolean().default(false),
  /** 先阅后扫 score strips on every subjective box */
  scoreBoxes: z.boolean().default(false),
  boxes: z.record(text(), cardBoxOptions).default({}),
  /** Order of the subjective questions; unlisted ones follow in structure order. */
  order: z.array(questionNo).max(300).default([]),
});
export type CardOptionsInput = z.input<typeof cardOptions>;
export type CardOptionsValue = z.infer<typeof cardOptions>;

/** Save: the options plus which online template to overwrite (none: a new one). */
export const cardSave = cardOptions.extend({
  templateId: id().optional(),
  mainTemplateName: text().trim().min(1).max(30).default('主模板'),
});
export type CardSaveInput = z.input<typeof cardSave>;

/** A subjective question as the designer lists it. */
export const cardQuestion = z.object({
  no: z.string(),
  score: z.number(),
  /** the box height (mm) the card uses when none is set */
  defaultHeight: z.number(),
  /** name of its 选做 group (its members share one box) */
  optionalGroup: z.string().nullable(),
});
export type CardQuestion = z.infer<typeof cardQuestion>;

/**
 * The options as a saved card answers them, resolved (exam number and columns filled in): shape only, the
 * designer's input rules are not asked of options a school already saved.
 */
export const cardOptionsAnswer = z.object({
  title: z.string().optional(),
  paper: cardPaper,
  columns: z.number(),
  examNumber: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('bubbles'), digits: z.number() }),
    z.object({ kind: z.literal('barcode') }),
  ]),
  twoSided: z.boolean(),
  scoreBoxes: z.boolean(),
  boxes: z.record(
    z.string(),
    z.object({
      height: z.number().optional(),
      style: cardBoxOptions.shape.style,
      essayChars: z.number().optional(),
    }),
  ),
  order: z.array(z.string()),
});

/** GET /api/subject/:id/card: what the designer opens with. */
export const cardDesign = z.object({
  /** the online template these options were saved with; null for a new card */
  templateId: z.number().nullable(),
  mainTemplateName: z.string(),
  options: cardOptionsAnswer,
  examName: z.string(),
  subjectName: z.string(),
  objectiveCount: z.number(),
  questions: z.array(cardQuestion),
  /** every live template of the subject (any card type): saving asks before adding or overwriting */
  templates: z.array(
    templateItem.pick({ id: true, mainTemplateName: true, cardType: true, updatedAt: true }),
  ),
});
export type CardDesign = z.infer<typeof cardDesign>;

/** POST /api/subject/:id/card/preview answer. */
export const cardPreview = z.object({
  cardId: z.string(),
  pages: z.array(z.object({ svg: z.string() })),
  /** notes that do not stop the card (a box split across columns, …) */
  problems: z.array(z.string()),
});
export type CardPreview = z.infer<typeof cardPreview>;

/** GET /api/subject/:id/cards: the subject's saved online cards. */
export const cardItem = z.object({
  templateId: z.number(),
  mainTemplateName: z.string(),
  pages: z.number(),
  paper: cardPaper,
  columns: z.number(),
  twoSided: z.boolean(),
  updatedAt: z.string(),
  /** false when the question structure changed since saving: the card must be saved again */
  current: z.boolean(),
  /** 考号 as a barcode: 个性化答题卡 (one copy a student, their code printed) can be printed from it */
  barcode: z.boolean(),
});
export type CardItem = z.infer<typeof cardItem>;
