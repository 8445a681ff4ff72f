import { FILTER_BASE, LOCAL_SERVICE_PORT, LOCAL_TIMEOUT_MS, SCAN_SESSION_KEY } from '../../api/constants';
import { localizeAddress } from '../../api/hybrid';
import { execute, prepareRequest, type Method, type Payload } from '../../api/request-core';
import type {
  AgentConfig,
  AgentConfigPatch,
  AgentExceptionKind,
  AgentExceptionPaper,
  AgentStatus,
  SmEnvelope,
} from './agent.types';
import { AGENT_EXCEPTION_LISTS } from './agent.types';

/** The session the agent is sent (kept at sign-in); null in a tab opened without signing in. */
export const agentSession = (): string | null => globalThis.sessionStorage?.getItem(SCAN_SESSION_KEY) ?? null;

/** The agent's address for a /sm path: the local base, with its port swapped for the scan-manager port. */
export const agentUrl = (path: string): string =>
  localizeAddress(`http://{ip}:${LOCAL_SERVICE_PORT}${path}`).replace(/\/$/, '');

/** A /sm call failed before any answer: no agent listens on this machine (or it refused this page). */
export class AgentUnreachable extends Error {}

/**
 * One /sm call. The whole envelope comes back, whatever its code: a status of 10 or 80 still carries the
 * queue counts the panel shows. A transport failure becomes AgentUnreachable.
 */
async function sm<T>(method: Method, path: string, payload?: Payload): Promise<SmEnvelope<T>> {
  const sid = agentSession();
  if (!sid) throw new AgentUnreachable('no session');
  const req = prepareRequest(method, FILTER_BASE, agentUrl(path), payload, { headers: { yx_sid: sid } });
  let body: unknown;
  try {
    body = await execute(req, { timeoutMs: LOCAL_TIMEOUT_MS });
  } catch (e) {
    const data = (e as { data?: unknown } | null)?.data;
    // an HTTP error with the agent's envelope (403 other origin, 404) is still its answer
    if (data && typeof data === 'object' && 'code' in data) return data as SmEnvelope<T>;
    throw new AgentUnreachable(String((e as { message?: unknown } | null)?.message ?? e));
  }
  if (!body || typeof body !== 'object' || !('code' in body)) throw new AgentUnreachable('not an agent');
  return body as SmEnvelope<T>;
}

/** The /sm calls of spec §7 the scan screen makes. */
export const agentApi = {
  status: () => sm<AgentStatus>('GET', '/sm/getScannerStatus'),
  config: () => sm<AgentConfig>('GET', '/sm/getScannerConfig'),
  setConfig: (patch: AgentConfigPatch) => sm<AgentConfig>('POST', '/sm/setScannerConfig', { ...patch }),
  checkVersion: (version: number) =>
    sm<{ version: number; required: number; latest?: number }>('GET', '/sm/checkVersion', { version }),
  startScan: () => sm<{ driver: string }>('POST', '/sm/startScan'),
  exceptions: (kind: AgentExceptionKind, subjectId: number) =>
    sm<{ count: number; items: AgentExceptionPaper[] }>(
      'GET',
      AGENT_EXCEPTION_LISTS.find((l) => l.key === kind)!.path,
      { subjectId },
    ),
  /** A listed page's image as an object URL (the page's CSP allows fetching the agent, not <img> from it). */
  async pageImage(imageUrl: string): Promise<string> {
    const res = await fetch(agentUrl(imageUrl), { headers: { yx_sid: agentSession() ?? '' } });
    if (!res.ok) throw new AgentUnreachable(`HTTP ${res.status}`);
    return URL.createObjectURL(await res.blob());
  },
};
