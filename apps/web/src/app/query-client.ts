import { MutationCache, QueryCache, QueryClient, type QueryPersister } from '@tanstack/react-query';
import { asRead } from '../api/cancel-registry';
import { handleApiError } from '../api/handle-error';
import { classifyError } from '../api/classify-error';
import { NETWORK_ERROR_CODE } from '../api/constants';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * silent: the screen shows the failure itself, the global handler stays quiet except for session loss;
     * sessionHandled: the caller (a route loader) also handles session loss itself.
     */
    queryMeta: { silent?: boolean; sessionHandled?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function isSessionError(e: unknown): boolean {
  return classifyError(e).kind === 'session';
}

function route(error: unknown, meta: { silent?: boolean; sessionHandled?: boolean } | undefined): void {
  const session = isSessionError(error);
  if (session && meta?.sessionHandled) return;
  // Session loss always leads to the login page, whatever the screen wanted.
  if (meta?.silent && !session) return;
  handleApiError(error);
}

/**
 * Every query's function runs with the query's signal as the current read (api/cancel-registry.ts): the calls
 * it starts are aborted with the query — when no screen shows it any more (another exam or subject chosen, the
 * page left) or when the switch cancels it (useCancelStaleReads). TanStack reverts such a query quietly and
 * fetches it again if it is wanted later. Mutations never get a signal: a write is never cancelled. (The
 * `persister` option is TanStack's one hook around every query function; nothing is persisted.)
 */
const readsFollowTheirQuery: QueryPersister = (queryFn, context) =>
  asRead(context.signal, () => queryFn(context));

/** One client: failures go through the global handler of spec §8. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (e, q) => route(e, q.meta) }),
    mutationCache: new MutationCache({ onError: (e, _v, _c, m) => route(e, m.meta) }),
    defaultOptions: {
      // networkMode 'always': a request is sent whatever the browser says of its connection. The server is often
      // on the school's own network, with no internet, and TanStack's default ('online') holds every query and
      // mutation while navigator.onLine is false or after a stray 'offline' event: a click then sends nothing and
      // its button stays loading with no error shown (suspected in browser journeys that stalled after a click,
      // 2026-11). Sent, a request that cannot reach the server fails and says so (暂时无法连接到服务器).
      queries: {
        networkMode: 'always',
        // Only a lost connection is worth one quiet retry; business failures will not change.
        retry: (count, e) => count < 1 && (e as { code?: unknown } | null)?.code === NETWORK_ERROR_CODE,
        refetchOnWindowFocus: false,
        persister: readsFollowTheirQuery,
      },
      mutations: { networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
