import { z } from 'zod';

// What recognition stores for one scanned page (scan_page.result): the engine's PageResult (packages/omr
// types.ts) without its timings, the subjective crops cut from it, and the anchors a person marked.
// Readers parse it once at the repository (apps/server/src/db/stored.ts), so a malformed value fails there, loudly,
// instead of deep inside a fix. Written only by the server: plain strings, no user-input checks.

const PointSchema = z.object({ x: z.number(), y: z.number() });

/** Template → image homography, row-major 3 × 3 (packages/omr Matrix3). */
export const MatrixSchema = z
  .tuple([
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
  ])
  .readonly();

/** A read bubble field (packages/omr FieldReading). */
export const FieldReadingSchema = z.object({
  name: z.string(),
  labels: z.array(z.string()),
  fills: z.array(z.number()),
  cores: z.array(z.number()),
  states: z.array(z.enum(['filled', 'empty', 'uncertain'])),
  value: z.array(z.string()).nullable(),
  confidence: z.number(),
});
export type StoredFieldReading = z.infer<typeof FieldReadingSchema>;

const RegistrationSchema = z.object({
  method: z.enum(['anchors', 'locationAreas']),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  matrix: MatrixSchema,
  fitError: z.number(),
  points: z.array(z.object({ name: z.string(), template: PointSchema, image: PointSchema })),
});

const BboxSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** A subjective region of a recognised page, in image pixels, and where its cut image is stored. */
export const CropSchema = z.object({
  name: z.string(),
  question: z.string(),
  key: z.string(),
  bbox: BboxSchema,
});
export type StoredCrop = z.infer<typeof CropSchema>;

/** Anchors a person marked on a page that did not register (定位异常), kept across re-recognitions. */
export const ManualAnchorsSchema = z.object({ pageIndex: z.number().int(), points: z.array(PointSchema) });
export type StoredManualAnchors = z.infer<typeof ManualAnchorsSchema>;

/** A 打分栏 (teacher's score strip) as read. */
const ScoreReadingSchema = z.object({
  name: z.string(),
  question: z.string(),
  value: z.number().nullable(),
  fields: z.array(FieldReadingSchema),
});

/**
 * What the engine reads on a page: packages/omr `PageResult`, field for field. omr's types.ts asserts the two
 * are one type (omr imports contracts, so contracts cannot name omr's type): a field added to either without
 * the other fails the typecheck there.
 */
/** Scanner streaks found on a page (packages/omr streaks.ts): columns, and whether too wide to paint over. */
export const StreaksSchema = z.array(
  z.object({ x0: z.number().int(), x1: z.number().int(), wide: z.literal(true).optional() }),
);
export type PageStreaks = z.infer<typeof StreaksSchema>;

export const PageResultSchema = z.object({
  status: z.enum(['ok', 'blank', 'exception']),
  pageIndex: z.number().int().nullable(),
  identity: z
    .object({
      templateId: z.string(),
      page: z.number(),
      examId: z.string().optional(),
      subjectId: z.string().optional(),
    })
    .nullable(),
  registration: RegistrationSchema.nullable(),
  thresholds: z
    .object({
      empty: z.number(),
      filled: z.number(),
      adaptive: z.boolean(),
      base: z.number().optional(),
      markLevel: z.number().optional(),
    })
    .nullable(),
  examNumber: z.object({
    value: z.string().nullable(),
    source: z.enum(['bubbles', 'code128', 'qr']).nullable(),
    digits: z.array(FieldReadingSchema),
  }),
  objective: z.array(
    z.object({
      question: z.string(),
      group: z.string(),
      kind: z.enum(['single', 'multi', 'trueFalse']),
      reading: FieldReadingSchema,
    }),
  ),
  ab: FieldReadingSchema.nullable(),
  absent: FieldReadingSchema.nullable(),
  optional: z.array(FieldReadingSchema),
  scores: z.array(ScoreReadingSchema),
  subjective: z.array(
    z.object({
      name: z.string(),
      question: z.string(),
      corners: z.tuple([PointSchema, PointSchema, PointSchema, PointSchema]),
      bbox: BboxSchema,
    }),
  ),
  exceptions: z.array(
    z.object({
      type: z.enum([
        'location',
        'examNumber',
        'objective',
        'ab',
        'option',
        'absent',
        'subjective',
        'blankPage',
        'wrongPage',
        'imageProblem',
      ]),
      region: z.string(),
      reason: z.string(),
      fills: z.array(z.number()).optional(),
      doubted: z.array(z.number().int().nonnegative()).optional(),
    }),
  ),
  /** scanner streaks (a line down the scanner's glass) painted over before reading: their columns */
  streaks: StreaksSchema.optional(),
  /** a 1-bit scan cut at one threshold (黑白, not dithered): light marks may be lost; absent otherwise */
  thresholded: z.literal(true).optional(),
});
export type EnginePageResult = z.infer<typeof PageResultSchema>;

/** A page the engine read: its PageResult, crops and the marked anchors it was read with. */
export const RecognisedPageSchema = PageResultSchema.extend({
  scores: z.array(
    ScoreReadingSchema.extend({
      /** set when a person entered the score (打分栏异常) */
      manual: z.boolean().optional(),
    }),
  ),
  crops: z.array(CropSchema),
  manual: ManualAnchorsSchema.optional(),
});
export type RecognisedPage = z.infer<typeof RecognisedPageSchema>;

/**
 * A page the engine could not read (image unreadable, missing, failed too often): why; or a page anchored by
 * hand before it was read (only `manual`). Strict, so a damaged recognised result cannot pass as one.
 */
export const UnreadPageSchema = z.strictObject({
  reason: z.string().optional(),
  manual: ManualAnchorsSchema.optional(),
});

/** scan_page.result: null until recognised. */
export const StoredPageResultSchema = z.union([RecognisedPageSchema, UnreadPageSchema]);
export type StoredPageResult = z.infer<typeof StoredPageResultSchema>;
