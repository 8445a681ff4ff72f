import type { MessageItem, Paged } from '@yj/contracts';
import { api } from '../../api/filter';

export const messagesApi = {
  unreadCount: () => api.get<{ count: number }>('/api/message/unread/count'),
  list: (page: number, size: number) => api.post<Paged<MessageItem>>('/api/message/list', { page, size }),
  markRead: (id: number) => api.post<unknown>('/api/message/:id/read', { id }),
};
