import {
  FILTER_BASE,
  LOCAL_TIMEOUT_MS,
  REMOTE_TIMEOUT_MS,
  SCAN_MANAGER_DEFAULT_PORT,
  SCAN_MANAGER_PORT_KEY,
} from './constants';
import { applyEnvelope } from './envelope-rule';
import { XHR_HEADER } from './filter';
import { execute, prepareRequest, type CallOptions, type Method, type Payload } from './request-core';

export interface HybridOptions extends CallOptions {
  /** host that replaces `{ip}` in a local address; the user's own machine by default */
  ip?: string;
}

/** A local address talks to the scan manager on the user's machine rather than the server. */
export function isLocalAddress(url: string): boolean {
  if (url.includes('{ip}')) return true;
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(url);
}

/** Port of the scan manager, kept in session storage by the scan screens (spec §7, default 18739). */
export function scanManagerPort(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage,
): number {
  const raw = storage?.getItem(SCAN_MANAGER_PORT_KEY);
  const port = raw ? Number(raw) : NaN;
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : SCAN_MANAGER_DEFAULT_PORT;
}

/** Fills `{ip}` and swaps the address's port for the scan manager port. */
export function localizeAddress(url: string, ip = '127.0.0.1', port = scanManagerPort()): string {
  const withIp = url.replaceAll('{ip}', ip);
  const u = new URL(/^https?:\/\//.test(withIp) ? withIp : `http://${withIp}`);
  u.port = String(port);
  return u.toString();
}

/**
 * Helper (c) of spec §7: remote calls go under /filter with a 20 s time-out and the XHR header;
 * local addresses go to the scan manager with a 120 s time-out and no XHR header.
 */
export async function hybridRequest<T>(
  method: Method,
  path: string,
  payload?: Payload,
  options: HybridOptions = {},
): Promise<T> {
  const { ip, ...callOptions } = options;
  const local = isLocalAddress(path);
  const target = local ? localizeAddress(path, ip) : path;
  const headers = local ? { ...callOptions.headers } : { ...XHR_HEADER, ...callOptions.headers };
  const req = prepareRequest(method, FILTER_BASE, target, payload, { ...callOptions, headers });
  const timeoutMs = local ? LOCAL_TIMEOUT_MS : REMOTE_TIMEOUT_MS;
  const body = await execute(
    req,
    callOptions.signal ? { timeoutMs, signal: callOptions.signal } : { timeoutMs },
  );
  return applyEnvelope(path, body) as T;
}
