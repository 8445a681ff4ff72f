import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MessageItem, Paged } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { message, messageReceipt } from '../../db/schema';

export function messageRepo(db: Db) {
  return {
    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageReceipt)
        .where(and(eq(messageReceipt.userId, userId), isNull(messageReceipt.readAt)));
      return Number(row?.n ?? 0);
    },
    async list(userId: number, page: number, size: number): Promise<Paged<MessageItem>> {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageReceipt)
        .where(eq(messageReceipt.userId, userId));
      const rows = await db
        .select({
          id: message.id,
          title: message.title,
          content: message.content,
          createdAt: message.createdAt,
          readAt: messageReceipt.readAt,
        })
        .from(messageReceipt)
        .innerJoin(message, eq(message.id, messageReceipt.messageId))
        .where(eq(messageReceipt.userId, userId))
        .orderBy(desc(message.id))
        .limit(size)
        .offset((page - 1) * size);
      return {
        total: Number(count?.n ?? 0),
        size,
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          createdAt: r.createdAt.toISOString(),
          read: r.readAt !== null,
        })),
      };
    },
    /** Idempotent: reading twice keeps the first read time. Returns whether the message is the user's. */
    async markRead(userId: number, messageId: number): Promise<boolean> {
      const rows = await db
        .select({ readAt: messageReceipt.readAt })
        .from(messageReceipt)
        .where(and(eq(messageReceipt.userId, userId), eq(messageReceipt.messageId, messageId)));
      if (rows.length === 0) return false;
      await db
        .update(messageReceipt)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(messageReceipt.userId, userId),
            eq(messageReceipt.messageId, messageId),
            isNull(messageReceipt.readAt),
          ),
        );
      return true;
    },
    /** Sends one message to many users. */
    async send(title: string, content: string, senderId: number | null, userIds: number[]): Promise<number> {
      const [m] = await db.insert(message).values({ title, content, senderId }).returning({ id: message.id });
      if (userIds.length)
        await db.insert(messageReceipt).values(userIds.map((userId) => ({ messageId: m!.id, userId })));
      return m!.id;
    },
  };
}
