import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  SubjectStatus,
  type MessageItem,
  type MessageReceiptRow,
  type Paged,
  type SentMessageItem,
} from '@yj/contracts';
import { intArray, rowsOf, textArray, type Db, type Tx } from '../../infra/db';
import { message, messageReceipt, user } from '../../db/schema';

/** What a message is besides its words: who sent it, to whom in words, whether it asks to be confirmed. */
export interface SendOptions {
  kind?: 'user' | 'system';
  needConfirm?: boolean;
  audience?: string;
  /** a system event's key: the message is sent once per key (null when it was sent before) */
  eventKey?: string;
}

/** A recipient sees a message while neither they removed it nor its sender withdrew it. */
const visible = and(isNull(messageReceipt.deletedAt), isNull(message.deletedAt));
const mine = (userId: number) => and(eq(messageReceipt.userId, userId), visible);

export function messageRepo(db: Db | Tx) {
  /** A group written to: its name (null when it is not there) and its active members. */
  async function group(name: SQL, members: SQL): Promise<{ name: string; userIds: number[] } | null> {
    const [g] = rowsOf<{ name: string }>(await db.execute(name));
    if (!g) return null;
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`select distinct u.id from "user" u where u.status = 1 and u.id in (${members})`),
    );
    return { name: g.name, userIds: rows.map((r) => r.id) };
  }

  return {
    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageReceipt)
        .innerJoin(message, eq(message.id, messageReceipt.messageId))
        .where(and(mine(userId), isNull(messageReceipt.readAt)));
      return Number(row?.n ?? 0);
    },

    /** The user's messages, newest first; `only` narrows to one. */
    async list(userId: number, page: number, size: number, only?: number): Promise<Paged<MessageItem>> {
      const where = only === undefined ? mine(userId) : and(mine(userId), eq(message.id, only));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageReceipt)
        .innerJoin(message, eq(message.id, messageReceipt.messageId))
        .where(where);
      const rows = await db
        .select({
          id: message.id,
          title: message.title,
          content: message.content,
          createdAt: message.createdAt,
          readAt: messageReceipt.readAt,
          confirmedAt: messageReceipt.confirmedAt,
          kind: message.kind,
          needConfirm: message.needConfirm,
          senderName: user.name,
        })
        .from(messageReceipt)
        .innerJoin(message, eq(message.id, messageReceipt.messageId))
        .leftJoin(user, eq(user.id, message.senderId))
        .where(where)
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
          // a message without a sender (the demo's welcome, written before kinds) is the platform's own
          kind: r.kind === 'system' || r.senderName === null ? 'system' : 'user',
          needConfirm: r.needConfirm,
          confirmed: r.confirmedAt !== null,
          senderName: r.kind === 'system' ? null : r.senderName,
        })),
      };
    },

    /** Idempotent: reading twice keeps the first read time. Returns whether the message is the user's. */
    async markRead(userId: number, messageId: number): Promise<boolean> {
      const rows = rowsOf<{ ok: boolean }>(
        await db.execute(sql`with r as (select 1 from message_receipt mr join message m on m.id = mr.message_id
            where mr.user_id = ${userId} and mr.message_id = ${messageId} and mr.deleted_at is null
              and m.deleted_at is null),
          u as (update message_receipt set read_at = now() where user_id = ${userId}
            and message_id = ${messageId} and read_at is null and exists (select 1 from r))
          select exists (select 1 from r) as ok`),
      );
      return Boolean(rows[0]?.ok);
    },

    /** 需确认: the first confirmation counts (it also reads the message). */
    async confirm(userId: number, messageId: number): Promise<'missing' | 'noConfirm' | 'ok'> {
      const [row] = rowsOf<{ need: boolean }>(
        await db.execute(sql`select m.need_confirm as need from message_receipt mr join message m on m.id = mr.message_id
          where mr.user_id = ${userId} and mr.message_id = ${messageId} and mr.deleted_at is null
            and m.deleted_at is null`),
      );
      if (!row) return 'missing';
      if (!row.need) return 'noConfirm';
      await db.execute(sql`update message_receipt set confirmed_at = coalesce(confirmed_at, now()),
          read_at = coalesce(read_at, now())
        where user_id = ${userId} and message_id = ${messageId}`);
      return 'ok';
    },

    /** Takes a received message off the user's list; false when it is not there. */
    async removeReceived(userId: number, messageId: number): Promise<boolean> {
      const r = await db
        .update(messageReceipt)
        .set({ deletedAt: new Date() })
        .where(
          and(
            eq(messageReceipt.userId, userId),
            eq(messageReceipt.messageId, messageId),
            isNull(messageReceipt.deletedAt),
          ),
        )
        .returning({ id: messageReceipt.messageId });
      return r.length > 0;
    },

    /** Withdraws a message the user sent from every recipient; false when it is not theirs. */
    async withdraw(userId: number, messageId: number): Promise<boolean> {
      const r = await db
        .update(message)
        .set({ deletedAt: new Date() })
        .where(and(eq(message.id, messageId), eq(message.senderId, userId), isNull(message.deletedAt)))
        .returning({ id: message.id });
      return r.length > 0;
    },

    /** Sends one message to many users (each once); null when its event key was sent before. */
    async send(
      title: string,
      content: string,
      senderId: number | null,
      userIds: readonly number[],
      o: SendOptions = {},
    ): Promise<number | null> {
      const [m] = await db
        .insert(message)
        .values({
          title,
          content,
          senderId,
          kind: o.kind ?? (senderId === null ? 'system' : 'user'),
          needConfirm: o.needConfirm ?? false,
          audience: o.audience ?? '',
          eventKey: o.eventKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: message.id });
      if (!m) return null;
      const unique = [...new Set(userIds)];
      if (unique.length)
        await db.insert(messageReceipt).values(unique.map((userId) => ({ messageId: m.id, userId })));
      return m.id;
    },

    /** Whether a system event's message was sent. */
    async eventsSent(keys: readonly string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = rowsOf<{ k: string }>(
        await db.execute(sql`select event_key as k from message
          where event_key = any(${textArray(keys)})`),
      );
      return new Set(rows.map((r) => r.k));
    },

    async sent(userId: number, page: number, size: number): Promise<Paged<SentMessageItem>> {
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from message
          where sender_id = ${userId} and deleted_at is null`),
      );
      const rows = rowsOf<{
        id: number;
        title: string;
        content: string;
        created_at: Date | string;
        audience: string;
        need_confirm: boolean;
        recipients: number;
        read: number;
        confirmed: number;
      }>(
        await db.execute(sql`select m.id, m.title, m.content, m.created_at, m.audience, m.need_confirm,
            count(r.user_id)::int as recipients, count(r.read_at)::int as read,
            count(r.confirmed_at)::int as confirmed
          from message m left join message_receipt r on r.message_id = m.id
          where m.sender_id = ${userId} and m.deleted_at is null
          group by m.id order by m.id desc limit ${size} offset ${(page - 1) * size}`),
      );
      return {
        total: Number(count?.n ?? 0),
        size,
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          createdAt: new Date(r.created_at).toISOString(),
          audience: r.audience,
          needConfirm: r.need_confirm,
          recipients: r.recipients,
          read: r.read,
          confirmed: r.confirmed,
        })),
      };
    },

    /** The recipients of a message the user sent, unconfirmed first; null when it is not theirs. */
    async receipts(userId: number, messageId: number): Promise<MessageReceiptRow[] | null> {
      const [m] = await db
        .select({ id: message.id })
        .from(message)
        .where(and(eq(message.id, messageId), eq(message.senderId, userId), isNull(message.deletedAt)));
      if (!m) return null;
      const rows = rowsOf<{ user_id: number; name: string; read_at: Date | null; confirmed_at: Date | null }>(
        await db.execute(sql`select r.user_id, u.name, r.read_at, r.confirmed_at from message_receipt r
          join "user" u on u.id = r.user_id where r.message_id = ${messageId}
          order by r.confirmed_at is not null, r.read_at is not null, u.name, u.id`),
      );
      const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
      return rows.map((r) => ({
        userId: r.user_id,
        name: r.name,
        readAt: iso(r.read_at),
        confirmedAt: iso(r.confirmed_at),
      }));
    },

    // ---- who a message goes to (active accounts only) ----

    /** Everyone with a role in the exam, and the exam's name. */
    examStaff: (examId: number) =>
      group(
        sql`select name from exam where id = ${examId} and deleted_at is null`,
        sql`select user_id from exam_role where exam_id = ${examId}`,
      ),

    /** The markers and leaders of a block, and the block's name with its exam and subject. */
    blockMarkers: (blockId: number) =>
      group(
        sql`select e.name || ' ' || s.name || ' 题块“' || b.name || '”' as name
          from block b join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id where b.id = ${blockId}`,
        sql`select user_id from block_reviewer where block_id = ${blockId}`,
      ),

    /** The school's teachers (not removed), and its name. */
    schoolTeachers: (schoolId: number) =>
      group(
        sql`select name from school where id = ${schoolId}`,
        sql`select user_id from teacher where school_id = ${schoolId} and deleted_at is null`,
      ),

    // ---- what the compose form offers ----

    /** Exams the user manages (roles 0, 1, 5, or of a school they administer), newest first. */
    async managedExams(userId: number, schools: readonly number[]) {
      return rowsOf<{ examId: number; name: string }>(
        await db.execute(sql`select e.id as "examId", e.name from exam e
          where e.deleted_at is null and e.hidden = false and (
            exists (select 1 from exam_role r where r.exam_id = e.id and r.user_id = ${userId}
              and r.role in (0, 1, 5))
            or e.school_id = any(${intArray(schools)}))
          order by e.id desc limit 100`),
      );
    },

    /**
     * Blocks whose subject the user may lead (subject.lead): exam roles 0, 1, 5 on the whole exam, 3, 6, 7 on
     * their subject (all of the exam's when given without one).
     */
    async ledBlocks(userId: number) {
      return rowsOf<{ blockId: number; name: string; subjectName: string; examName: string }>(
        await db.execute(sql`select b.id as "blockId", b.name, s.name as "subjectName", e.name as "examName"
          from block b join subject s on s.id = b.subject_id and s.deleted_at is null
          join exam e on e.id = s.exam_id and e.deleted_at is null
          where exists (select 1 from exam_role r where r.exam_id = e.id and r.user_id = ${userId} and (
            r.role in (0, 1, 5) or (r.role in (3, 6, 7) and (r.subject_id is null or r.subject_id = s.id))))
          order by e.id desc, s.sort, s.id, b.sort, b.id limit 200`),
      );
    },

    async schoolNames(schools: readonly number[]) {
      if (!schools.length) return [];
      return rowsOf<{ schoolId: number; name: string }>(
        await db.execute(sql`select id as "schoolId", name from school where id = any(${intArray(schools)})
          order by id`),
      );
    },

    // ---- system messages: who hears of what ----

    /** A subject's names, and the markers and leaders of its blocks. */
    async subjectMarkers(subjectId: number) {
      const [s] = rowsOf<{ exam: string; subject: string }>(
        await db.execute(sql`select e.name as exam, s.name as subject from subject s join exam e on e.id = s.exam_id
          where s.id = ${subjectId}`),
      );
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`select distinct r.user_id as id from block_reviewer r join block b on b.id = r.block_id
          join "user" u on u.id = r.user_id where b.subject_id = ${subjectId} and u.status = 1`),
      );
      return s ? { ...s, userIds: rows.map((r) => r.id) } : null;
    },

    /**
     * Who is told that a subject's scores are published: the exam's staff, and the teachers of its schools who
     * teach the subject's course or a class with an examinee in the exam (they read its reports).
     */
    async publishAudience(subjectId: number) {
      const [s] = rowsOf<{ exam: string; subject: string }>(
        await db.execute(sql`select e.name as exam, s.name as subject from subject s join exam e on e.id = s.exam_id
          where s.id = ${subjectId}`),
      );
      if (!s) return null;
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`with sj as (select s.id, s.exam_id, s.course from subject s where s.id = ${subjectId}),
          schools as (select e.school_id as id from exam e join sj on sj.exam_id = e.id where e.school_id is not null
            union select es.school_id from exam_school es join sj on sj.exam_id = es.exam_id)
          select r.user_id as id from exam_role r join sj on sj.exam_id = r.exam_id
          union select t.user_id from teacher t join sj on true
            where t.deleted_at is null and t.school_id in (select id from schools) and sj.course = any(t.subjects)
          union select tc.user_id from teacher_class tc join sj on true
            where tc.class_id in (select x.class_id from examinee x where x.exam_id = sj.exam_id)`),
      );
      const active = rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from "user" where id = any(${intArray(rows.map((r) => r.id))}) and status = 1`,
        ),
      );
      return { ...s, userIds: active.map((r) => r.id) };
    },

    /** Blocks of subjects being marked whose 阅卷完成 message was not sent yet. */
    async blocksToWatch(): Promise<number[]> {
      return rowsOf<{ id: number }>(
        await db.execute(sql`select b.id from block b join subject s on s.id = b.subject_id
          where s.status = ${SubjectStatus.reviewing} and s.deleted_at is null
            and not exists (select 1 from message m where m.event_key = 'blockDone:' || b.id)`),
      ).map((r) => r.id);
    },

    /** A block's names, its leaders, and the managers of its exam and subject. */
    async blockPeople(blockId: number) {
      const [b] = rowsOf<{
        exam: string;
        subject: string;
        block: string;
        exam_id: number;
        subject_id: number;
      }>(
        await db.execute(sql`select e.name as exam, s.name as subject, b.name as block, e.id as exam_id,
            s.id as subject_id
          from block b join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id where b.id = ${blockId}`),
      );
      if (!b) return null;
      const leaders = rowsOf<{ id: number }>(
        await db.execute(
          sql`select user_id as id from block_reviewer where block_id = ${blockId} and role = 6`,
        ),
      ).map((r) => r.id);
      const managers = rowsOf<{ id: number }>(
        await db.execute(sql`select distinct user_id as id from exam_role where exam_id = ${b.exam_id}
          and (role in (0, 1) or (role = 3 and (subject_id is null or subject_id = ${b.subject_id})))`),
      ).map((r) => r.id);
      return { exam: b.exam, subject: b.subject, block: b.block, leaders, managers };
    },

    /** Markers flagged by 质检 on blocks that pause flagged markers, with when they were flagged. */
    async pausedMarkers() {
      return rowsOf<{ blockId: number; userId: number; name: string; at: string }>(
        await db.execute(sql`select f.block_id as "blockId", f.user_id as "userId", u.name,
            extract(epoch from f.flagged_at)::bigint::text as at
          from marker_flag f join block_quality q on q.block_id = f.block_id and q.pause
          join block b on b.id = f.block_id join subject s on s.id = b.subject_id and s.status = ${SubjectStatus.reviewing}
          join "user" u on u.id = f.user_id
          where f.state = 1`),
      );
    },
  };
}
export type MessageRepo = ReturnType<typeof messageRepo>;
