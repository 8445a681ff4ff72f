import type {
  MessageAudiences,
  MessageItem,
  MessageReceiptRow,
  MessageSendBody,
  Paged,
  Principal,
  SentMessageItem,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { messageRepo, SendOptions } from './message.repo';

/** The groups a person writes to; the route has checked the capability over the group's exam, block or school. */
export type Audience =
  | { kind: 'exam'; examId: number }
  | { kind: 'block'; blockId: number }
  | { kind: 'school'; schoolId: number };

export function messageService(d: { db: Db; repo: typeof messageRepo; audit: AuditService }) {
  const repo = () => d.repo(d.db);

  async function recipientsOf(a: Audience): Promise<{ audience: string; userIds: number[] }> {
    const r = repo();
    switch (a.kind) {
      case 'exam': {
        const g = await r.examStaff(a.examId);
        if (!g) throw fail('examNotFound');
        return { audience: `考试“${g.name}”的全体人员`, userIds: g.userIds };
      }
      case 'block': {
        const g = await r.blockMarkers(a.blockId);
        if (!g) throw fail('blockNotFound');
        return { audience: `${g.name}的阅卷老师`, userIds: g.userIds };
      }
      case 'school': {
        const g = await r.schoolTeachers(a.schoolId);
        if (!g) throw fail('messageNoRecipients');
        return { audience: `学校“${g.name}”的全体老师`, userIds: g.userIds };
      }
    }
  }

  return {
    /** Never below 0 (spec §4). */
    unreadCount: async (userId: number): Promise<number> => Math.max(0, await repo().unreadCount(userId)),
    list: (userId: number, page: number, size: number): Promise<Paged<MessageItem>> =>
      repo().list(userId, page, size),
    async markRead(userId: number, messageId: number): Promise<void> {
      if (!(await repo().markRead(userId, messageId))) throw fail('messageNotFound');
    },
    /** Opens one of the user's messages: it is read from then on. */
    async view(userId: number, messageId: number): Promise<MessageItem> {
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        if (!(await r.markRead(userId, messageId))) throw fail('messageNotFound');
        const [item] = (await r.list(userId, 1, 1, messageId)).items;
        return item!;
      });
    },
    async confirm(userId: number, messageId: number): Promise<void> {
      const outcome = await d.db.transaction((tx) => d.repo(tx).confirm(userId, messageId));
      if (outcome === 'missing') throw fail('messageNotFound');
      if (outcome === 'noConfirm') throw fail('messageNeedsNoConfirm');
    },
    /** `sent`: withdraw a message the user sent; otherwise take a received one off their list. */
    async remove(userId: number, messageId: number, sent: boolean): Promise<void> {
      const done = await d.db.transaction((tx) =>
        sent ? d.repo(tx).withdraw(userId, messageId) : d.repo(tx).removeReceived(userId, messageId),
      );
      if (!done) throw fail('messageNotFound');
    },
    sent: (userId: number, page: number, size: number): Promise<Paged<SentMessageItem>> =>
      repo().sent(userId, page, size),
    async receipts(userId: number, messageId: number): Promise<MessageReceiptRow[]> {
      const rows = await repo().receipts(userId, messageId);
      if (!rows) throw fail('messageNotFound');
      return rows;
    },
    /** The groups the compose form offers: only those the user's capabilities let them write to. */
    async audiences(p: Principal): Promise<MessageAudiences> {
      const r = repo();
      const [exams, blocks, schools] = await Promise.all([
        r.managedExams(p.userId, p.schoolAdminOf),
        r.ledBlocks(p.userId),
        r.schoolNames(p.schoolAdminOf),
      ]);
      return { exams, blocks, schools };
    },
    /**
     * A person's message to a group (never to themselves); refused when the group has nobody. The 动态日志 line
     * says who wrote to which group and how many received it (the content stays in the message).
     */
    async sendTo(a: Audience, body: MessageSendBody, actor: Actor) {
      const { audience, userIds } = await recipientsOf(a);
      const to = userIds.filter((id) => id !== actor.userId);
      if (!to.length) throw fail('messageNoRecipients');
      const id = await d.db.transaction(async (tx) => {
        const sent = await d
          .repo(tx)
          .send(body.title, body.content, actor.userId, to, { needConfirm: body.needConfirm, audience });
        await d.audit.record(tx, {
          action: 'message.send',
          userId: actor.userId,
          examId: a.kind === 'exam' ? a.examId : null,
          schoolId: a.kind === 'school' ? a.schoolId : null,
          target: `message:${sent}`,
          detail: { audience, title: body.title, recipients: to.length, needConfirm: body.needConfirm ?? false },
          ip: actor.ip,
        });
        return sent;
      });
      return { id: id!, recipients: to.length };
    },
    /** Used by other modules (the demo seed, system messages) to notify users, in the caller's transaction. */
    send: (
      db: Db | Tx,
      title: string,
      content: string,
      senderId: number | null,
      userIds: number[],
      o?: SendOptions,
    ) => d.repo(db).send(title, content, senderId, userIds, o),
  };
}
export type MessageService = ReturnType<typeof messageService>;
