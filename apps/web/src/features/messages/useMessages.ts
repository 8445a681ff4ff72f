import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageSendBody } from '@yj/contracts';
import { useOneAtATime } from '../../app/useOneAtATime';
import { messagesApi, type MessageTarget } from './messages.api';
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

export const inboxQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['messages', 'inbox', page, size],
    queryFn: () => messagesApi.list(page, size),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const sentQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['messages', 'sent', page, size],
    queryFn: () => messagesApi.sent(page, size),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const receiptsQuery = (id: number) =>
  queryOptions({ queryKey: ['messages', 'receipts', id], queryFn: () => messagesApi.receipts(id) });

export const audiencesQuery = queryOptions({
  queryKey: ['messages', 'audiences'],
  queryFn: () => messagesApi.audiences(),
  staleTime: 60_000,
  meta: { silent: true },
});

export function useUnreadCount(): number {
  return clampUnread(useQuery(unreadCountQuery).data);
}

export function useLatestMessages(enabled: boolean) {
  return useQuery({ ...latestMessagesQuery, enabled });
}

/** Opens a message: read from now on; the badge drops at once and is corrected by the server afterwards. */
export function useViewMessage(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['messages', 'view', id],
    enabled: id !== null,
    queryFn: async () => {
      const m = await messagesApi.view(id!);
      void qc.invalidateQueries({ queryKey: ['messages'], predicate: (q) => q.queryKey[1] !== 'view' });
      return m;
    },
  });
}

/** 确认, 删除 and 发送: one request per click however fast the clicks come; every list read again after. */
export function useMessageActions() {
  const qc = useQueryClient();
  const settled = () => qc.invalidateQueries({ queryKey: ['messages'] });
  return {
    confirm: useOneAtATime({ mutationFn: (id: number) => messagesApi.confirm(id), onSettled: settled }),
    remove: useOneAtATime({
      mutationFn: (v: { id: number; sent: boolean }) => messagesApi.remove(v.id, v.sent),
      onSettled: settled,
    }),
    send: useOneAtATime({
      mutationFn: (v: { to: MessageTarget; body: MessageSendBody }) => messagesApi.send(v.to, v.body),
      onSettled: settled,
    }),
  };
}
