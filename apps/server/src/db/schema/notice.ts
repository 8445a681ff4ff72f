import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './people';
import { StoredAuditDetailSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** System notice; every edit is a new row, the newest is current. */
export const notice = pgTable('notice', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  maxAge: integer('max_age').notNull(),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 在线客服 links (normal, vip), set by the system administrator: one row per kind, absent when none. */
export const serviceLink = pgTable('service_link', {
  kind: text('kind').primaryKey(),
  url: text('url').notNull(),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 站内消息: written by a person to a group (`audience` says which) or sent by the platform (`kind` system). */
export const message = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    senderId: integer('sender_id').references(() => user.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user' | 'system' */
    kind: text('kind').notNull().default('user'),
    /** 需确认: recipients are asked to confirm; the sender sees who did */
    needConfirm: boolean('need_confirm').notNull().default(false),
    /** the group written to, in words (考试“…”的全体人员 …) */
    audience: text('audience').notNull().default(''),
    /** a system message's event (e.g. blockDone:12): sent once whatever runs it again */
    eventKey: text('event_key'),
    /** withdrawn by its sender: gone from every recipient's list */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('message_event_uq').on(t.eventKey), index('message_sender_idx').on(t.senderId, t.id)],
);

export const messageReceipt = pgTable(
  'message_receipt',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => message.id),
    userId: integer('user_id')
      .notNull()
      .references(() => user.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** the recipient removed it from their list */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_receipt_user_idx').on(t.userId, t.readAt),
  ],
);

/** 动态日志: who did what, with before/after in detail. Never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    examId: integer('exam_id'),
    schoolId: integer('school_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: storedJsonb('detail', StoredAuditDetailSchema, 'audit_log.detail'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_exam_idx').on(t.examId, t.at), index('audit_school_idx').on(t.schoolId, t.at)],
);
