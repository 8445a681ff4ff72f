import { readsOnly, type RouteContract, type RouteData, type RouteInput } from '@yj/contracts';
import { FILTER_BASE } from './constants';
import { applyEnvelope } from './envelope-rule';
import { isRecord } from './errors';
import { XHR_HEADER } from './filter';
import { execute, prepareRequest, toQuery, type CallOptions, type Payload } from './request-core';

type Extra = Omit<CallOptions, 'params' | 'data'>;

/**
 * Calls a route of `packages/contracts` like helper (a) does (/filter, XHR header, envelope rule, cancel
 * registry): the path's `:name` parts from `params`, the query and body where the contract has them, and the
 * answer typed by the contract's `response` — the schema the server checks that answer with, so no cast
 * stands between them. A `data` of null is answered as null (helper (a) hands back the envelope then).
 */
export async function callRoute<C extends RouteContract>(
  c: C,
  input: RouteInput<C>,
  options: Extra = {},
): Promise<RouteData<C>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: object };
  const opts: CallOptions = {
    ...options,
    headers: { ...XHR_HEADER, ...options.headers },
    ...(params ? { params: params as Record<string, unknown> } : {}),
  };
  const q = query as Payload;
  const req =
    c.method === 'GET'
      ? prepareRequest('GET', FILTER_BASE, c.path, q, opts)
      : c.method === 'DELETE' && body !== undefined
        ? // spec §7: with a `data` option the payload goes as query and `data` as the body
          prepareRequest('DELETE', FILTER_BASE, c.path, q ?? {}, { ...opts, data: body })
        : prepareRequest(c.method, FILTER_BASE, `${c.path}${toQuery(q)}`, body as Payload, opts);
  // 系统维护 tells reads from writes by the contract (a POST that only reads is marked `reads`)
  const call = { read: readsOnly(c), signIn: c.signIn === true };
  const answer = await execute(req, options.signal ? { signal: options.signal, call } : { call });
  if (isRecord(answer) && answer.code === 0 && answer.data === null) return null as RouteData<C>;
  return applyEnvelope(c.path, answer) as RouteData<C>;
}
