import { z } from 'zod';
import { text } from './fields';
import type { FailureKind } from './failures';
import type { RouteContract } from './route';

/**
 * 系统维护, the environment flag of spec §7 ("if the environment flag object is non-empty, calls are rejected at
 * once"): the system administrator sets it while the platform is upgraded. `readOnly` lets reads go on (pages
 * load, nothing is saved); otherwise only signing in and reading the flag pass. `until` is the end announced to
 * users, never a switch: the flag stays until it is cleared, so an upgrade that overruns is not written into.
 * The system administrator is never held back by it (they clear it).
 */
export const envFlag = z.object({
  message: z.string(),
  /** the end announced (ISO time), or null when none was given */
  until: z.string().nullable(),
  readOnly: z.boolean(),
  /** when it was set (ISO time) */
  since: z.string(),
});
export type EnvFlag = z.infer<typeof envFlag>;

/** The public answer: the flag, or an empty object when the system runs normally (spec §7's "empty"). */
export const envFlagAnswer = z.union([envFlag, z.object({})]);
export type EnvFlagAnswer = z.infer<typeof envFlagAnswer>;

/** The flag of an answer, null when it is the empty object. */
export const flagOf = (a: EnvFlagAnswer | null | undefined): EnvFlag | null =>
  a && 'message' in a ? (a as EnvFlag) : null;

export const envFlagUpdate = z.object({
  message: text().trim().min(1, '请填写维护说明').max(200, '维护说明不能超过 200 字'),
  until: z.iso.datetime({ offset: true, message: '时间格式无效' }).nullable(),
  readOnly: z.boolean(),
});
export type EnvFlagUpdate = z.infer<typeof envFlagUpdate>;

/** A call only reads: a GET, or a POST contract marked `reads` (a query with a body, a preview). */
export const readsOnly = (c: Pick<RouteContract, 'method' | 'reads'>): boolean =>
  c.method === 'GET' || c.reads === true;

/**
 * What the flag does to a call, on the server (a hook) and in the web's client alike: the failure kind that
 * refuses it, or null when it passes. `exempt`: the caller is the system administrator, or the call signs in or
 * out, or reads the flag, or is the health check.
 */
export function envFlagRefusal(
  flag: EnvFlag | null,
  call: { read: boolean; exempt: boolean },
): Extract<FailureKind, 'envFlagWritesPaused' | 'envFlagClosed'> | null {
  if (!flag || call.exempt) return null;
  if (!flag.readOnly) return 'envFlagClosed';
  return call.read ? null : 'envFlagWritesPaused';
}
