import { BASE_PATH, MINIONS_TIMEOUT_MS } from './constants';
import { execute, prepareRequest, type CallOptions, type Method, type Payload } from './request-core';

/**
 * Helper (b) of spec §7: files and data served under the app's own base path /minions, 50 s time-out.
 * Answers are returned as they are (no envelope).
 */
export function minionsRequest<T>(
  method: Method,
  path: string,
  payload?: Payload,
  options: CallOptions = {},
): Promise<T> {
  const req = prepareRequest(method, BASE_PATH, path, payload, options);
  const opts = options.signal
    ? { signal: options.signal, timeoutMs: MINIONS_TIMEOUT_MS }
    : { timeoutMs: MINIONS_TIMEOUT_MS };
  return execute(req, opts) as Promise<T>;
}
