import { z } from 'zod';
import { FAILURES } from './failures';
import { intParam } from './fields';

/** Envelope codes of DESIGN.md §7: 0 success, 1 business failure, 1000/1001 session, 2000 SMS quota. */
export const Code = {
  ok: 0,
  fail: 1,
  notLoggedIn: 1000,
  sessionExpired: 1001,
  smsQuota: 2000,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * Every /filter response body. `traceId` accompanies server crashes (HTTP 500); `errCode` the kind of a business
 * failure (FAILURES, failures.ts), or 2000 beside the SMS quota code.
 */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  traceId?: string;
  errCode?: number;
}

/** One field error of a failed validation (code 1, data is an array of these). */
export interface FieldError {
  field: string;
  message: string;
}

/** The message the server answers when the subject state forbids an operation (DESIGN.md §3). */
export const SUBJECT_STATE_FORBIDS = FAILURES.subjectStateForbids.message;

/** Paged list request used by every long list. */
export const pageQuery = z.object({
  page: intParam(1).default(1),
  size: intParam(1, 200).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Paged list response: spec §3 "total, size, items". */
export interface Paged<T> {
  total: number;
  size: number;
  items: T[];
}
