import { queryOptions } from '@tanstack/react-query';
import { SCAN_CLIENT_VERSION } from '../../api/constants';
import { missingAgentDelay } from './agent-logic';
import { agentApi, agentSession, AgentUnreachable } from './agent.api';
import type { AgentExceptionKind, AgentStatus, SmEnvelope } from './agent.types';

/** What looking for the agent found: no session to send it, nothing listening, or its status answer. */
export type AgentProbe =
  { kind: 'no-session' } | { kind: 'missing' } | { kind: 'found'; env: SmEnvelope<AgentStatus> };

export const agentKeys = { all: ['scan-agent'] as const };

/** A missing agent is a state of the panel, never an error for the global handler. */
async function quietly<T>(call: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof AgentUnreachable) return missing;
    throw e;
  }
}

/** Looks in a row that found no agent: the wait before the next one grows with them. */
let misses = 0;

/** The agent's status, polled: every 2 s while it answers (queue progress), backing off while it is missing. */
export const agentStatusQuery = () =>
  queryOptions({
    queryKey: [...agentKeys.all, 'status'],
    queryFn: async (): Promise<AgentProbe> => {
      if (!agentSession()) return { kind: 'no-session' };
      const probe = await quietly<AgentProbe>(async () => ({ kind: 'found', env: await agentApi.status() }), {
        kind: 'missing',
      });
      misses = probe.kind === 'missing' ? misses + 1 : 0;
      return probe;
    },
    meta: { silent: true },
    retry: false,
    refetchInterval: (q) => {
      const kind = q.state.data?.kind;
      if (kind === 'found') return 2000;
      // without a session nothing is sent (no console line): look now and then for one
      return kind === 'no-session' ? 30_000 : missingAgentDelay(misses);
    },
  });

export const agentVersionQuery = () =>
  queryOptions({
    queryKey: [...agentKeys.all, 'version'],
    queryFn: () => quietly(() => agentApi.checkVersion(SCAN_CLIENT_VERSION), null),
    meta: { silent: true },
    retry: false,
  });

export const agentConfigQuery = () =>
  queryOptions({
    queryKey: [...agentKeys.all, 'config'],
    queryFn: () => quietly(() => agentApi.config(), null),
    meta: { silent: true },
    retry: false,
  });

/** One local exception list of the subject; "none" (code 1 with count 0, spec §5) reads as an empty list. */
export const agentExceptionsQuery = (kind: AgentExceptionKind, subjectId: number) =>
  queryOptions({
    queryKey: [...agentKeys.all, 'exceptions', kind, subjectId],
    queryFn: () => quietly(() => agentApi.exceptions(kind, subjectId), null),
    meta: { silent: true },
    retry: false,
    refetchInterval: 5000,
  });
