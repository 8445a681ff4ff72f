import type { MessageItem, Paged } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { messageRepo } from './message.repo';

export function messageService(d: { db: Db; repo: typeof messageRepo }) {
  return {
    /** Never below 0 (spec §4). */
    unreadCount: async (userId: number): Promise<number> =>
      Math.max(0, await d.repo(d.db).unreadCount(userId)),
    list: (userId: number, page: number, size: number): Promise<Paged<MessageItem>> =>
      d.repo(d.db).list(userId, page, size),
    async markRead(userId: number, messageId: number): Promise<void> {
      if (!(await d.repo(d.db).markRead(userId, messageId))) throw fail('messageNotFound');
    },
    /** Used by other modules (and the demo seed) to notify users. */
    send: (db: Db, title: string, content: string, senderId: number | null, userIds: number[]) =>
      d.repo(db).send(title, content, senderId, userIds),
  };
}
export type MessageService = ReturnType<typeof messageService>;
