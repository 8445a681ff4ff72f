import {
  CardTemplateSchema,
  CropSchema,
  MatrixSchema,
  StreaksSchema,
  ScanExceptionDetailSchemas,
  StoredAnswerSchema,
  StoredBlockPointsSchema,
  StoredBlockRegionsSchema,
  StoredMarkProblemSchema,
  StoredMarksSchema,
  StoredPointScoresSchema,
  StoredQuestionScoresSchema,
  StoredPageResultSchema,
  type BlockRegion,
  type CardTemplate,
  type ScanExceptionDetailOf,
  type ScanExceptionTypeValue,
  type StoredCrop,
  type StoredPageResult,
} from '@yj/contracts';
import { customType } from 'drizzle-orm/pg-core';
import { z } from 'zod';

// Readers of the jsonb values the server stores, one per shape: the repositories parse a value once as it
// leaves the database, so a malformed one fails there, naming the row, instead of deep inside a fix or a
// cut. Services then use the typed value without casts.

function parse<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const out = schema.safeParse(raw);
  if (out.success) return out.data;
  throw new Error(`${what} is malformed: ${z.prettifyError(out.error)}`);
}

/**
 * A jsonb column whose every read through Drizzle (select, returning, relational queries) is parsed by its
 * contracts schema, naming the column when a value is malformed; written as JSON text, as Drizzle's jsonb is.
 * A raw sql read of such a column goes through `readStored` (or a reader below) in its repository.
 */
export function storedJsonb<S extends z.ZodType>(column: string, schema: S, what: string) {
  return customType<{ data: z.infer<S>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (raw) => parse(schema, fromText(raw), what),
  })(column);
}

/** As Drizzle's own jsonb reads: a driver that answers text is parsed, one that parsed already is not. */
function fromText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A jsonb value read by a raw sql query, parsed by its column's schema (null stays null). */
export function readStored<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> | null {
  return raw == null ? null : parse(schema, raw, what);
}

/** scan_page.result: null until the page is recognised. */
export const readPageResult = (raw: unknown, pageId: number): StoredPageResult | null =>
  raw == null ? null : parse(StoredPageResultSchema, raw, `scan_page ${pageId} result`);

/** scan_page.result->'registration'->'matrix' alone (block cutting reads only this, for every page). */
export const readPageMatrix = (raw: unknown, pageId: number): z.infer<typeof MatrixSchema> | null =>
  raw == null ? null : parse(MatrixSchema, raw, `scan_page ${pageId} registration matrix`);

/**
 * scan_page.result->'streaks' alone, read only where scan_page.streaks > 0 (null otherwise): block cuts paint the
 * thin ones over as recognition read them.
 */
export const readPageStreaks = (raw: unknown, pageId: number): z.infer<typeof StreaksSchema> =>
  raw == null ? [] : parse(StreaksSchema, raw, `scan_page ${pageId} streaks`);

const CropsSchema = z.array(CropSchema);

/** scan_page.result->'crops' alone (a crop image is served for every answer looked at). */
export const readPageCrops = (raw: unknown, pageId: number): StoredCrop[] =>
  raw == null ? [] : parse(CropsSchema, raw, `scan_page ${pageId} crops`);

/** template.body: the card geometry recognition reads pages with. */
export const readTemplateBody = (raw: unknown, templateId: number): CardTemplate =>
  parse(CardTemplateSchema, raw, `template ${templateId} body`);

/** scan_exception.type: one of the kinds contracts knows (each with its detail schema). */
export function readExceptionType(raw: string, exceptionId: number): ScanExceptionTypeValue {
  const kind = (Object.keys(ScanExceptionDetailSchemas) as ScanExceptionTypeValue[]).find((k) => k === raw);
  if (!kind) throw new Error(`scan_exception ${exceptionId} has an unknown type ${raw}`);
  return kind;
}

/**
 * scan_exception.detail by the row's kind: what recognition read, how it was settled. An unknown kind fails
 * like a malformed value (a kind is added in contracts first).
 */
export function readExceptionDetail<K extends ScanExceptionTypeValue>(
  type: K,
  raw: unknown,
  exceptionId: number,
): ScanExceptionDetailOf<K> {
  const schema = (ScanExceptionDetailSchemas as Record<string, z.ZodType | undefined>)[type];
  if (!schema) throw new Error(`scan_exception ${exceptionId} has an unknown type ${String(type)}`);
  return parse(schema, raw, `scan_exception ${exceptionId} detail`) as ScanExceptionDetailOf<K>;
}

/**
 * A report_cache row's JSON text read back by its kind's schema (contracts stored.ts: CachedReportSchema …). A
 * row of an older shape never gets here (its stamp names the format it was made in, so it is made again).
 */
export function readCached<S extends z.ZodType>(schema: S, json: string, what: string): z.infer<S> {
  return parse(schema, JSON.parse(json), `report_cache ${what}`);
}

/** One objective answer of paper.objective as text (a report counts answers by their text): its labels. */
export const readAnswerText = (text: string, where: string): string[] =>
  parse(StoredAnswerSchema, JSON.parse(text), `paper.objective answer (${where})`);

/** block.regions read by a raw sql query: where the block is cut from. */
export const readBlockRegions = (raw: unknown, blockId: number): BlockRegion[] =>
  readStored(StoredBlockRegionsSchema, raw, `block ${blockId} regions`) ?? [];

/** The jsonb columns of the marking and trial tables by name, each with its schema (see the schema files). */
const MARK_JSONB = {
  question_scores: StoredQuestionScoresSchema,
  point_scores: StoredPointScoresSchema,
  ref_question_scores: StoredQuestionScoresSchema,
  ref_point_scores: StoredPointScoresSchema,
  marks: StoredMarksSchema,
  problem: StoredMarkProblemSchema,
  regions: StoredBlockRegionsSchema,
  points: StoredBlockPointsSchema,
};
export type MarkJsonb = { [K in keyof typeof MARK_JSONB]?: z.infer<(typeof MARK_JSONB)[K]> | null };

/**
 * Rows of a raw sql read of marks (mark_task, trial_mark, standard_mark, sample_paper, trial_paper, block), each
 * jsonb column among MARK_JSONB that the row holds parsed by its schema as it leaves the database (null stays
 * null), naming `what` and the column when a value is malformed. The row type must agree with the schemas.
 */
export function readMarkRows<R extends MarkJsonb>(rows: R[], what: string): R[] {
  for (const row of rows) {
    const fields = row as Record<string, unknown>;
    for (const [key, schema] of Object.entries(MARK_JSONB))
      if (key in fields) fields[key] = readStored(schema, fields[key], `${what} ${key}`);
  }
  return rows;
}
