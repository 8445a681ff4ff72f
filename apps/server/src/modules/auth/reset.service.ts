import { AppError, fail } from '../../errors';
import { newSmsCode, newToken, sha256 } from '../../lib/crypto';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { guardRepo, GuardRepo } from './guard.repo';
import { checkNewPassword, hashPassword } from './password';
import type { SessionService } from './session.service';
import type { SmsProvider } from './sms';
import type { userRepo, UserRepo } from './user.repo';

const CODE_TTL_S = 300;
const RESEND_AFTER_S = 60;
const MAX_CODE_ATTEMPTS = 5;
const RESET_TTL_MS = 10 * 60_000;
const PURPOSE = 'reset';
const LOGIN_PURPOSE = 'parentLogin';
const BIND_PURPOSE = 'bindPhone';

/** Midnight in China (UTC+8), the day the daily SMS quota counts. */
export function startOfChinaDay(now = new Date()): Date {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3600_000);
}

interface Deps {
  db: Db;
  users: UserRepo;
  /** the same repositories in a transaction */
  userRepo: typeof userRepo;
  guardRepo: typeof guardRepo;
  guard: GuardRepo;
  sessions: SessionService;
  sms: SmsProvider;
  audit: AuditService;
  dailyLimit: number;
}

/** Forgot password by phone: code → reset token → new password. Unknown phones get the same answers. */
export function resetService(d: Deps) {
  /**
   * Sends a code for `purpose` within the daily quota and the resend wait. `known`: whether the phone may get a
   * real code (unknown ones get a row all the same, so the quota and the answer do not reveal who is registered).
   */
  async function send(phone: string, purpose: string, known: boolean): Promise<{ expiresIn: number }> {
    const sentToday = await d.guard.smsCountSince(phone, startOfChinaDay());
    if (sentToday >= d.dailyLimit) throw new AppError(2000, '该手机号今日验证码次数已用完，请明天再试');
    const last = await d.guard.lastSms(phone, purpose);
    const wait = last ? RESEND_AFTER_S - Math.floor((Date.now() - last.createdAt.getTime()) / 1000) : 0;
    if (wait > 0) throw fail('smsSendTooOften', { seconds: wait });
    const code = newSmsCode();
    await d.guard.insertSms({
      phone,
      purpose,
      codeHash: sha256(known ? code : newToken()),
      expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
    });
    if (known)
      await d.sms.send(
        phone,
        `【阅卷】您的验证码为 ${code}，${CODE_TTL_S / 60} 分钟内有效。如非本人操作请忽略。`,
      );
    return { expiresIn: CODE_TTL_S };
  }

  /** The last code of `purpose` checked (attempts counted); its row, not yet marked used. */
  async function check(phone: string, purpose: string, code: string) {
    const row = await d.guard.lastSms(phone, purpose);
    if (!row || row.usedAt || row.expiresAt < new Date()) throw fail('smsCodeExpired');
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw fail('smsCodeTooManyWrong');
    if (row.codeHash !== sha256(code)) {
      await d.guard.bumpSmsAttempts(row.id);
      throw fail('smsCodeWrong');
    }
    return row;
  }

  /** A code of `purpose` checked and used up. */
  async function take(phone: string, purpose: string, code: string): Promise<void> {
    const row = await check(phone, purpose, code);
    await d.guard.markSmsVerified(row.id, sha256(newToken()), new Date());
  }

  return {
    async sendCode(phone: string): Promise<{ expiresIn: number }> {
      return send(phone, PURPOSE, !!(await d.users.findByPhone(phone)));
    },

    /** 家长端: a sign-in code (any phone: a parent's first sign-in makes the account). */
    sendLoginCode: (phone: string) => send(phone, LOGIN_PURPOSE, true),

    /** 家长端: a sign-in code checked and used up. */
    takeLoginCode: (phone: string, code: string) => take(phone, LOGIN_PURPOSE, code),

    /** Binding a phone to an account at sign-in: a code to the new phone (whose owner is proving it is theirs). */
    sendBindCode: (phone: string) => send(phone, BIND_PURPOSE, true),
    takeBindCode: (phone: string, code: string) => take(phone, BIND_PURPOSE, code),

    async verifyCode(phone: string, code: string): Promise<{ resetToken: string }> {
      const row = await check(phone, PURPOSE, code);
      const resetToken = newToken();
      await d.guard.markSmsVerified(row.id, sha256(resetToken), new Date(Date.now() + RESET_TTL_MS));
      return { resetToken };
    },

    async reset(phone: string, resetToken: string, password: string, ip: string | null): Promise<void> {
      const hash = await hashPassword(password);
      const userId = await d.db.transaction(async (tx) => {
        const claimed = await d.guardRepo(tx).takeResetToken(phone, sha256(resetToken));
        if (!claimed) throw fail('resetTicketExpired');
        const u = await d.userRepo(tx).findByPhone(phone);
        if (!u) throw fail('resetTicketExpired');
        // refused inside the transaction, so the claimed token is given back for a second try
        checkNewPassword(password, u);
        await d.userRepo(tx).setPassword(u.id, hash);
        await d.audit.record(tx, { action: 'account.password.reset', userId: u.id, ip });
        return u.id;
      });
      await d.sessions.revokeAllOfUser(userId);
    },
  };
}
export type ResetService = ReturnType<typeof resetService>;
