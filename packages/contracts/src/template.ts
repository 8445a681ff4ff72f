import { z } from 'zod';
import { int, text } from './fields';

// The card template: the geometry recognition needs for one answer card (答题卡), ours or a third
// party's. All coordinates are template pixels at the page's dpi, origin top-left. Every region has a
// name so an exception can point at it.

/** A point in template pixels. */
/** A coordinate or size in template pixels: far beyond any page (600 dpi A3 is about 7,000 × 10,000). */
const px = () => z.number().min(-100_000).max(100_000);
const size = () => z.number().positive().max(100_000);

export const TemplatePointSchema = z.object({ x: px(), y: px() });
export type TemplatePoint = z.infer<typeof TemplatePointSchema>;

/** An axis-aligned rectangle in template pixels. */
export const TemplateRectSchema = z.object({
  x: px(),
  y: px(),
  w: size(),
  h: size(),
});
export type TemplateRect = z.infer<typeof TemplateRectSchema>;

const name = text().min(1);

/** A printed registration mark (定位点): a solid dark block of any size (corner blocks or custom marks). */
export const AnchorSchema = z.object({ name, rect: TemplateRectSchema });
export type Anchor = z.infer<typeof AnchorSchema>;

/** Greyscale reference pixels of a location area, row-major, base64, at `scale` × template pixels. */
export const PatchSchema = z.object({
  width: int(1, 100_000),
  height: int(1, 100_000),
  scale: z.number().positive().max(100),
  data: text().min(1),
});
export type Patch = z.infer<typeof PatchSchema>;

/** A printed patch (定位区) used to register cards without anchors, matched by normalised cross-correlation. */
export const LocationAreaSchema = z.object({
  name,
  rect: TemplateRectSchema,
  patch: PatchSchema,
  /** How far (template pixels) the patch may have moved from `rect`; default 6 % of the page width. */
  searchRadius: size().optional(),
});
export type LocationArea = z.infer<typeof LocationAreaSchema>;

/** Horizontal-correction line (水平校正): a printed line whose angle gives the skew (not used by the engine yet). */
export const HorizontalLineSchema = z.object({ name, rect: TemplateRectSchema });

/** One bubble option: its label and printed rectangle. */
export const BubbleSchema = z.object({ label: text(), rect: TemplateRectSchema });
export type Bubble = z.infer<typeof BubbleSchema>;

/**
 * A regular grid of bubble fields. A field is one question (or one exam-number digit); its options run
 * along `direction` (`horizontal`: A B C D left to right, fields stacked downwards).
 */
export const BubbleGridSchema = z.object({
  origin: TemplatePointSchema,
  bubble: z.object({ w: size(), h: size() }),
  direction: z.enum(['horizontal', 'vertical']),
  options: z.array(text()).min(1).max(26),
  optionGap: size(),
  fieldGap: size(),
  count: int(1, 1000),
});
export type BubbleGrid = z.infer<typeof BubbleGridSchema>;

/** A field given bubble by bubble, for irregular layouts. */
export const BubbleFieldSchema = z.object({
  name: text().optional(),
  bubbles: z.array(BubbleSchema).min(1).max(1000),
});
export type BubbleField = z.infer<typeof BubbleFieldSchema>;

/** Fields either as a grid or one by one. */
export const BubbleBlockSchema = z.union([
  z.object({ grid: BubbleGridSchema }),
  z.object({ fields: z.array(BubbleFieldSchema).min(1).max(1000) }),
]);
export type BubbleBlock = z.infer<typeof BubbleBlockSchema>;

export const QuestionKindSchema = z.enum(['single', 'multi', 'trueFalse']);
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

/** A group of objective questions (客观题): consecutive numbers from `firstQuestion`, or explicit ones. */
export const ObjectiveGroupSchema = z
  .object({
    name,
    kind: QuestionKindSchema,
    firstQuestion: int(1, 999).optional(),
    questions: z.array(text()).max(1000).optional(),
  })
  .and(BubbleBlockSchema);
export type ObjectiveGroup = z.infer<typeof ObjectiveGroupSchema>;

/**
 * How many digits of a bubble exam number are filled: `fixed` (default) every digit; `leftAligned` a school
 * using fewer digits than the grid has fills the leading ones and leaves the rest empty.
 */
export const ExamNumberLengthSchema = z.enum(['fixed', 'leftAligned']);
export type ExamNumberLength = z.infer<typeof ExamNumberLengthSchema>;

/** Exam number (考号): a bubble grid of N digits × 10, or a barcode / QR region. */
export const ExamNumberAreaSchema = z.union([
  z
    .object({ name, kind: z.literal('bubbles'), length: ExamNumberLengthSchema.optional() })
    .and(BubbleBlockSchema),
  z.object({ name, kind: z.enum(['code128', 'qr']), rect: TemplateRectSchema }),
]);
export type ExamNumberArea = z.infer<typeof ExamNumberAreaSchema>;

/** A single mark bubble (缺考 absent mark). */
export const MarkSchema = z.object({ name, rect: TemplateRectSchema });
export type Mark = z.infer<typeof MarkSchema>;

/** A/B paper mark (AB卷): exactly one of the options should be filled. */
export const AbMarkSchema = z.object({ name, bubbles: z.array(BubbleSchema).min(2).max(26) });
export type AbMark = z.infer<typeof AbMarkSchema>;

/** Optional-question marks (选做): one bubble per alternative question; exactly one filled. */
export const OptionalGroupSchema = z.object({ name, bubbles: z.array(BubbleSchema).min(2).max(26) });
export type OptionalGroup = z.infer<typeof OptionalGroupSchema>;

/** A subjective answer box (主观题), cut out for marking. */
export const SubjectiveBoxSchema = z.object({ name, question: text(), rect: TemplateRectSchema });
export type SubjectiveBox = z.infer<typeof SubjectiveBoxSchema>;

/** Score boxes (手阅打分栏) for mark-then-scan: each field's filled label is a number; the score is their sum. */
export const ScoreBoxSchema = z.object({ name, question: text() }).and(BubbleBlockSchema);
export type ScoreBox = z.infer<typeof ScoreBoxSchema>;

/** The page identity QR (our own cards): payload see packages/omr `parsePageQr`. */
export const IdentityAreaSchema = z.object({ name, rect: TemplateRectSchema });

/** One side of a card. */
export const TemplatePageSchema = z.object({
  index: int(0, 99),
  width: size(),
  height: size(),
  dpi: z.number().positive().max(1200).default(200),
  /** the scanned picture the template was drawn on (template builder), by its content key */
  image: text().optional(),
  identity: IdentityAreaSchema.optional(),
  anchors: z.array(AnchorSchema).max(100).default([]),
  horizontalLine: HorizontalLineSchema.optional(),
  locationAreas: z.array(LocationAreaSchema).max(100).default([]),
  examNumber: ExamNumberAreaSchema.optional(),
  objective: z.array(ObjectiveGroupSchema).max(1000).default([]),
  ab: AbMarkSchema.optional(),
  absent: MarkSchema.optional(),
  optional: z.array(OptionalGroupSchema).max(100).default([]),
  subjective: z.array(SubjectiveBoxSchema).max(1000).default([]),
  scoreBoxes: z.array(ScoreBoxSchema).max(1000).default([]),
});
export type TemplatePage = z.infer<typeof TemplatePageSchema>;
export type TemplatePageInput = z.input<typeof TemplatePageSchema>;

/** A whole card: its pages in print order. `id` is what our page QR carries. */
export const CardTemplateSchema = z.object({
  id: text().min(1),
  name: text(),
  pages: z.array(TemplatePageSchema).min(1).max(100),
});
export type CardTemplate = z.infer<typeof CardTemplateSchema>;
export type CardTemplateInput = z.input<typeof CardTemplateSchema>;
