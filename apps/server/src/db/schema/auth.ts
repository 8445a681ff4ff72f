import { integer, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable } from '../columns';
import { user } from './people';

/** A signed-in browser or scan agent; only the token's SHA-256 is stored. */
export const session = pgTable(
  'session',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ref('user_id', () => user.id),
    schoolId: integer('school_id'),
    /** 'web' for a normal session, 'change_pwd' for the short-lived forced-change ticket */
    purpose: text('purpose').notNull().default('web'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** Picture captcha answers, single use. */
export const captcha = pgTable('captcha', {
  verifyKey: text('verify_key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** Failed sign-ins per account name in a sliding window; drives the captcha requirement. */
export const loginAttempt = pgTable('login_attempt', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull().defaultNow(),
});

/** SMS verification codes; a verified code yields a reset token. Rows are kept for the daily quota. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: at('reset_expires_at'),
    resetUsedAt: at('reset_used_at'),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * 扫码登录: a code shown as a QR on a PC, confirmed by a signed-in phone, then redeemed once by the PC that holds
 * its ticket. Only hashes are stored: the code (in the QR, seen by whoever looks at the screen) never signs in by
 * itself; the ticket stays in the PC's page.
 */
export const scanLogin = pgTable('scan_login', {
  id: id(),
  codeHash: text('code_hash').notNull().unique(),
  ticketHash: text('ticket_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  /** the phone's account that confirmed, and when */
  confirmedBy: integer('confirmed_by').references(() => user.id),
  confirmedAt: at('confirmed_at'),
  /** the phone turned it down */
  cancelledAt: at('cancelled_at'),
  /** the PC's session started: never again */
  usedAt: at('used_at'),
  pcIp: text('pc_ip'),
  pcUserAgent: text('pc_user_agent'),
});
