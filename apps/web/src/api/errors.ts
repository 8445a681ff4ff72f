import { failureKindOf, type FailureKind } from '@yj/contracts';
import { CANCELLED_MESSAGE, type NETWORK_ERROR_CODE } from './constants';

/** Rejection of a call that was cancelled (spec §8 "cancelled marker"). */
export interface CancelledError {
  cancelled: true;
  message: typeof CANCELLED_MESSAGE;
  reason: string;
}

/** Rejection of a call answered with a non-2xx HTTP status: the status as code plus the body. */
export interface HttpError {
  code: number;
  data: unknown;
}

/** Rejection of a call that got no response at all. */
export interface NetworkError {
  code: typeof NETWORK_ERROR_CODE;
  message: string;
}

/** Rejection with the envelope itself (HTTP 200, code ≠ 0). */
export interface EnvelopeError {
  code: number;
  message: string;
  data: unknown;
  traceId?: string;
  errCode?: number;
  errorCode?: number;
}

export type ApiError = CancelledError | HttpError | NetworkError | EnvelopeError;

export function cancelledError(reason: string): CancelledError {
  return { cancelled: true, message: CANCELLED_MESSAGE, reason };
}

export function isCancelled(e: unknown): e is CancelledError {
  return isRecord(e) && e.cancelled === true && e.message === CANCELLED_MESSAGE;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The envelope-level view of any rejection: code, message, data (HTTP errors carry the body as data). */
export function describeError(e: unknown): { code?: number; message?: string; data?: unknown } {
  if (!isRecord(e)) return {};
  const code = typeof e.code === 'number' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : undefined;
  return { code, message, data: e.data };
}

/**
 * The failure kind of a rejection (its envelope's errCode, packages/contracts FAILURES), also inside an HTTP
 * error's body; undefined for any other rejection. The web branches on this, never on the message text.
 */
export function failureOf(e: unknown): FailureKind | undefined {
  if (!isRecord(e)) return undefined;
  const env = !('message' in e) && isRecord(e.data) ? e.data : e;
  return failureKindOf(env.errCode);
}
