import { Code } from '@yj/contracts';

/** A business failure the client shows: becomes {code, message, data} with HTTP 200 (or `status` for transport errors). */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 200,
  ) {
    super(message);
  }
}

/** Code 1 with a Chinese message. */
export const fail = (message: string, data: unknown = null): AppError =>
  new AppError(Code.fail, message, data);
export const forbidden = (): AppError => fail('无权限');
