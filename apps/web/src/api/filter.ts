import { FILTER_BASE } from './constants';
import { applyEnvelope } from './envelope-rule';
import { execute, prepareRequest, type CallOptions, type Method, type Payload } from './request-core';

/** Every /filter call names itself as an XHR: the server refuses mutating calls without it. */
export const XHR_HEADER = { 'X-Requested-With': 'XMLHttpRequest' } as const;

async function call<T>(
  method: Method,
  path: string,
  payload?: Payload,
  options: CallOptions = {},
): Promise<T> {
  const req = prepareRequest(method, FILTER_BASE, path, payload, {
    ...options,
    headers: { ...XHR_HEADER, ...options.headers },
  });
  const body = await execute(req, options.signal ? { signal: options.signal } : {});
  return applyEnvelope(path, body) as T;
}

/**
 * Helper (a) of spec §7: calls under /filter with the envelope rule, :name placeholders and the
 * shared cancel registry. No time-out of its own.
 */
export const api = {
  get: <T>(path: string, query?: Payload, options?: CallOptions) => call<T>('GET', path, query, options),
  head: <T>(path: string, query?: Payload, options?: CallOptions) => call<T>('HEAD', path, query, options),
  post: <T>(path: string, body?: Payload, options?: CallOptions) => call<T>('POST', path, body, options),
  put: <T>(path: string, body?: Payload, options?: CallOptions) => call<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: Payload, options?: CallOptions) => call<T>('PATCH', path, body, options),
  delete: <T>(path: string, payload?: Payload, options?: CallOptions) =>
    call<T>('DELETE', path, payload, options),
};
