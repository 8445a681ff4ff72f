import type {
  RecognisedPage,
  ScanExceptionDetailOf,
  ScanExceptionTypeValue,
  StoredFieldReading,
  StoredPageResult,
} from '@yj/contracts';
import { readExceptionDetail } from '../../../db/stored';
import type { Matrix3 } from '@yj/omr';
import type { PageRow } from '../scan.repo';
import { registeredMatrix } from './scan-regions';

/** The result of a page the engine read; null for an unread page (its result says only why). */
export const recognised = (result: StoredPageResult | null): RecognisedPage | null =>
  result && 'status' in result ? result : null;

/** The reading of a region in a stored page result (objective question, A/B, absent, optional). */
export function readingOf(result: StoredPageResult | null, region: string | null): StoredFieldReading | null {
  const r = recognised(result);
  if (!r || !region) return null;
  const q = r.objective.find((x) => x.question === region || x.reading.name === region);
  if (q) return q.reading;
  if (r.ab?.name === region) return r.ab;
  if (r.absent?.name === region) return r.absent;
  return r.optional.find((x) => x.name === region) ?? null;
}

/** The 打分栏 a 主观题 exception names, in a stored page result. */
export function stripOf(result: StoredPageResult | null, region: string | null) {
  const r = recognised(result);
  if (!r || !region) return null;
  return r.scores.find((x) => x.name === region) ?? null;
}

export const matrixOf = (page: PageRow): Matrix3 | null => registeredMatrix(page.result);

/** The detail of an exception of kind `kind` (a fix only runs on the kinds it settles: fix-kit.ts FIXES_BY_KIND). */
export function detailOf<K extends ScanExceptionTypeValue>(
  e: { id: number; type: ScanExceptionTypeValue; detail: unknown },
  kind: K,
): ScanExceptionDetailOf<K> {
  if (e.type !== kind) throw new Error(`scan_exception ${e.id} is ${e.type}, not ${kind}`);
  return readExceptionDetail(kind, e.detail, e.id);
}
