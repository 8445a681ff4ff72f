import { bigserial, boolean, integer, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, updatedAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import { user } from './people';
import { StoredAuditDetailSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** System notice; every edit is a new row, the newest is current. */
export const notice = pgTable('notice', {
  id: id(),
  text: text('text').notNull(),
  maxAge: integer('max_age').notNull(),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});

/** 在线客服 links (normal, vip), set by the system administrator: one row per kind, absent when none. */
export const serviceLink = pgTable('service_link', {
  kind: text('kind').primaryKey(),
  url: text('url').notNull(),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});

/** 站内消息: written by a person to a group (`audience` says which) or sent by the platform (`kind` system). */
export const message = pgTable(
  'message',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    senderId: integer('sender_id').references(() => user.id),
    createdAt: createdAt(),
    /** 'user' | 'system' */
    kind: text('kind').notNull().default('user'),
    /** 需确认: recipients are asked to confirm; the sender sees who did */
    needConfirm: boolean('need_confirm').notNull().default(false),
    /** the group written to, in words (考试“…”的全体人员 …) */
    audience: text('audience').notNull().default(''),
    /** a system message's event (e.g. blockDone:12): sent once whatever runs it again */
    eventKey: text('event_key'),
    /** withdrawn by its sender: gone from every recipient's list */
    deletedAt: at('deleted_at'),
  },
  (t) => [uniqueIndex('message_event_uq').on(t.eventKey), index('message_sender_idx').on(t.senderId, t.id)],
);

export const messageReceipt = pgTable(
  'message_receipt',
  {
    messageId: ref('message_id', () => message.id),
    userId: ref('user_id', () => user.id),
    readAt: at('read_at'),
    confirmedAt: at('confirmed_at'),
    /** the recipient removed it from their list */
    deletedAt: at('deleted_at'),
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
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('audit_exam_idx').on(t.examId, t.at), index('audit_school_idx').on(t.schoolId, t.at)],
);

/**
 * 系统维护 (the environment flag, packages/contracts env-flag.ts): every set and every clear is a new row, the
 * newest decides; a row with `cleared_at` set means the system runs normally (history kept beside the audit).
 */
export const envFlag = pgTable('env_flag', {
  id: id(),
  message: text('message').notNull(),
  until: at('until'),
  readOnly: boolean('read_only').notNull(),
  setBy: integer('set_by').references(() => user.id),
  setAt: at('set_at').notNull().defaultNow(),
  clearedBy: integer('cleared_by').references(() => user.id),
  clearedAt: at('cleared_at'),
});
