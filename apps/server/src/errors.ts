import { Code, FAILURES, type FailureKind, type FailureParams, type FixedFailureKind } from '@yj/contracts';

/**
 * A failure the client shows: becomes {code, message, data} (and `errCode`, the kind's, when it has one) with HTTP
 * 200, or `status` for transport errors. Business failures are raised by kind with `fail`; AppError itself is for
 * the transport and session codes (1000/1001/2000, HTTP statuses).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 200,
    readonly errCode?: number,
  ) {
    super(message);
  }
}

/**
 * A business failure by kind (packages/contracts FAILURES): code 1, the kind's Chinese message (made from
 * `params` where the kind names values) and its errCode. `data` goes to the envelope as it is: `fail(kind, data)`
 * for a fixed message, `fail(kind, params, data)` for one that names values.
 */
export function fail<K extends FailureKind>(
  kind: K,
  ...rest: FailureParams<K> extends undefined ? [data?: unknown] : [params: FailureParams<K>, data?: unknown]
): AppError {
  const f = FAILURES[kind];
  const m: string | ((p: never) => string) = f.message;
  if (typeof m === 'string') return new AppError(Code.fail, m, rest[0] ?? null, 200, f.errCode);
  return new AppError(Code.fail, m(rest[0] as never), rest[1] ?? null, 200, f.errCode);
}

/** A failure by kind answered with an HTTP status of its own (499 abandoned, 503 stopping), in the envelope still. */
export function failStatus(kind: FixedFailureKind, status: number): AppError {
  const f = FAILURES[kind];
  return new AppError(Code.fail, f.message as string, null, status, f.errCode);
}
