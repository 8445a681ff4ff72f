import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesApi } from './messages.api';
import { clampUnread } from './unread';

const LIST_SIZE = 10;

export const unreadCountQuery = queryOptions({
  queryKey: ['messages', 'unread'],
  queryFn: async () => clampUnread((await messagesApi.unreadCount()).count),
  refetchInterval: 60_000,
  meta: { silent: true },
});

export const latestMessagesQuery = queryOptions({
  queryKey: ['messages', 'latest'],
  queryFn: () => messagesApi.list(1, LIST_SIZE),
  meta: { silent: true },
});

export function useUnreadCount(): number {
  return clampUnread(useQuery(unreadCountQuery).data);
}

export function useLatestMessages(enabled: boolean) {
  return useQuery({ ...latestMessagesQuery, enabled });
}

/** Marks one message read; the badge drops at once and is corrected by the server afterwards. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => messagesApi.markRead(id),
    onMutate: (id) => {
      qc.setQueryData(unreadCountQuery.queryKey, (n) => clampUnread((n ?? 0) - 1));
      qc.setQueryData(latestMessagesQuery.queryKey, (page) =>
        page ? { ...page, items: page.items.map((m) => (m.id === id ? { ...m, read: true } : m)) } : page,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['messages'] }),
  });
}
