import {
  CardTemplateSchema,
  CropSchema,
  MatrixSchema,
  StoredPageResultSchema,
  type CardTemplate,
  type StoredCrop,
  type StoredPageResult,
} from '@yj/contracts';
import { z } from 'zod';

// Readers of the jsonb values the server stores, one per shape: the repositories parse a value once as it
// leaves the database, so a malformed one fails there, naming the row, instead of deep inside a fix or a
// cut. Services then use the typed value without casts.

function parse<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.infer<S> {
  const out = schema.safeParse(raw);
  if (out.success) return out.data;
  throw new Error(`${what} is malformed: ${z.prettifyError(out.error)}`);
}

/** scan_page.result: null until the page is recognised. */
export const readPageResult = (raw: unknown, pageId: number): StoredPageResult | null =>
  raw == null ? null : parse(StoredPageResultSchema, raw, `scan_page ${pageId} result`);

/** scan_page.result->'registration'->'matrix' alone (block cutting reads only this, for every page). */
export const readPageMatrix = (raw: unknown, pageId: number): z.infer<typeof MatrixSchema> | null =>
  raw == null ? null : parse(MatrixSchema, raw, `scan_page ${pageId} registration matrix`);

const CropsSchema = z.array(CropSchema);

/** scan_page.result->'crops' alone (a crop image is served for every answer looked at). */
export const readPageCrops = (raw: unknown, pageId: number): StoredCrop[] =>
  raw == null ? [] : parse(CropsSchema, raw, `scan_page ${pageId} crops`);

/** template.body: the card geometry recognition reads pages with. */
export const readTemplateBody = (raw: unknown, templateId: number): CardTemplate =>
  parse(CardTemplateSchema, raw, `template ${templateId} body`);
