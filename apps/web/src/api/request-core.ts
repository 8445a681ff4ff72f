import { NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './constants';
import { pendingCalls, readSignal, type CancelRegistry } from './cancel-registry';
import { cancelledError, isCancelled, isRecord, type HttpError, type NetworkError } from './errors';
import { envFlagRefusalOf, noteEnvFlagAnswer, type CallKind } from './env-flag';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What a caller hands over: an object of fields, a FormData (uploads) or nothing. */
export type Payload = Record<string, unknown> | FormData | undefined;

export interface CallOptions {
  /** values for :name placeholders in the path (never sent) */
  params?: Record<string, unknown>;
  /** DELETE only: when given, the payload goes as query and this becomes the body (spec §7) */
  data?: unknown;
  /** a caller's own cancellation, in addition to the shared registry */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface PreparedRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
}

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Fills `:name` placeholders from params first, then from payload fields; the fields used are
 * removed from the returned payload so they are not sent twice.
 */
export function fillPlaceholders(
  path: string,
  params: Record<string, unknown> | undefined,
  payload: Payload,
): { path: string; payload: Payload } {
  const rest = payload instanceof FormData || payload === undefined ? payload : { ...payload };
  const filled = path.replace(PLACEHOLDER, (_m, name: string) => {
    let value = params?.[name];
    if (value === undefined && rest && !(rest instanceof FormData)) value = rest[name];
    if (value === undefined || value === null) throw new Error(`请求路径缺少参数 ${name}：${path}`);
    if (rest && !(rest instanceof FormData)) delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, payload: rest };
}

/** Query string of a payload; undefined/null skipped, arrays repeated, objects as JSON. */
export function toQuery(payload: Payload): string {
  if (!payload || payload instanceof FormData) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) q.append(k, isRecord(item) ? JSON.stringify(item) : String(item));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function appendQuery(url: string, query: string): string {
  if (!query) return url;
  return url.includes('?') ? `${url}&${query.slice(1)}` : `${url}${query}`;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  // The browser sets the multipart boundary itself.
  if (body instanceof FormData) return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * Spec §7 placement rules: GET/HEAD payload as query; DELETE as query when a data option is given
 * (the option is then the body), else as body; every other method sends the payload as body.
 */
export function prepareRequest(
  method: Method,
  base: string,
  path: string,
  payload: Payload,
  options: CallOptions = {},
): PreparedRequest {
  const filled = fillPlaceholders(path, options.params, payload);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let url = /^https?:\/\//.test(filled.path) ? filled.path : `${base}${filled.path}`;
  let body: BodyInit | undefined;
  if (method === 'GET' || method === 'HEAD') {
    url = appendQuery(url, toQuery(filled.payload));
  } else if (method === 'DELETE' && options.data !== undefined) {
    url = appendQuery(url, toQuery(filled.payload));
    body = encodeBody(options.data, headers);
  } else {
    body = encodeBody(filled.payload ?? {}, headers);
  }
  return body === undefined ? { method, url, headers } : { method, url, headers, body };
}

export interface ExecuteOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  registry?: CancelRegistry;
  /** what the call does, for 系统维护 (env-flag.ts); unsaid: a GET or HEAD reads, any other method writes */
  call?: CallKind;
}

const TIMEOUT = Symbol('timeout');

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends a prepared request, unless 系统维护 refuses it (then it rejects at once). The call sits in the pending registry until it settles; it rejects with
 * the cancelled marker, an HttpError (status + body) or a NetworkError (code 1024) — spec §8. Started by a query
 * (readSignal), it is a read: aborted with its query (the screen that wanted it gone, another exam or subject).
 */
export async function execute(req: PreparedRequest, opts: ExecuteOptions = {}): Promise<unknown> {
  // 系统维护: a call the flag refuses is rejected at once, never sent (spec §7)
  const refused = envFlagRefusalOf(
    req.url,
    opts.call ?? { read: req.method === 'GET' || req.method === 'HEAD' },
  );
  if (refused) throw refused;
  const registry = opts.registry ?? pendingCalls;
  const controller = new AbortController();
  const read = readSignal();
  const key = registry.add(controller, read !== null);
  const outer = [opts.signal, read].filter((x): x is AbortSignal => !!x);
  const onOuterAbort = (e: Event): void => controller.abort((e.target as AbortSignal).reason);
  for (const o of outer) {
    if (o.aborted) controller.abort(o.reason);
    o.addEventListener('abort', onOuterAbort);
  }
  const timer = opts.timeoutMs ? setTimeout(() => controller.abort(TIMEOUT), opts.timeoutMs) : undefined;
  try {
    let res: Response;
    try {
      const init: RequestInit = {
        method: req.method,
        headers: req.headers,
        signal: controller.signal,
        credentials: 'same-origin',
      };
      if (req.body !== undefined) init.body = req.body;
      res = await fetch(req.url, init);
    } catch (e) {
      throw toTransportError(controller.signal, e);
    }
    const body = await readBody(res);
    noteEnvFlagAnswer(body);
    if (!res.ok) {
      const err: HttpError = { code: res.status, data: body };
      throw err;
    }
    return body;
  } finally {
    if (timer) clearTimeout(timer);
    for (const o of outer) o.removeEventListener('abort', onOuterAbort);
    registry.remove(key);
  }
}

function toTransportError(signal: AbortSignal, e: unknown): unknown {
  if (signal.aborted) {
    if (isCancelled(signal.reason)) return signal.reason;
    if (signal.reason === TIMEOUT) return networkError(TIMEOUT_MESSAGE);
    return cancelledError('请求已取消');
  }
  return networkError(
    e instanceof Error && /[\u4e00-\u9fa5]/.test(e.message) ? e.message : NETWORK_ERROR_MESSAGE,
  );
}

function networkError(message: string): NetworkError {
  return { code: NETWORK_ERROR_CODE, message };
}
