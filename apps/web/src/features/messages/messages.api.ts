import { homeContract } from '@yj/contracts';
import { callRoute } from '../../api/contract';

export const messagesApi = {
  unreadCount: () => callRoute(homeContract.unreadCount, {}),
  list: (page: number, size: number) => callRoute(homeContract.messages, { body: { page, size } }),
  markRead: (id: number) => callRoute(homeContract.markRead, { params: { id } }),
};
