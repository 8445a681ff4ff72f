import type { LoginResponse } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, RequestMeta } from './auth.service';
import type { ResetService } from './reset.service';
import type { SessionService } from './session.service';
import type { userRepo, UserRepo } from './user.repo';

interface Deps {
  db: Db;
  users: UserRepo;
  /** the same repository in a transaction */
  userRepo: typeof userRepo;
  sessions: SessionService;
  reset: ResetService;
  auth: AuthService;
  audit: AuditService;
}

/**
 * Binding a phone at sign-in (spec §8 captchaType bindPhone): the refused login handed out a bind ticket; the
 * person proves the new phone is theirs with an SMS code, the phone is stored and the session starts.
 */
export function bindPhoneService(d: Deps) {
  async function ticketUser(bindToken: string): Promise<number> {
    const userId = await d.sessions.changeTicketUser(bindToken, 'bind_phone');
    if (!userId) throw fail('bindPhoneTicketExpired');
    return userId;
  }

  /** A phone another account signs in with cannot be bound: it would sign in to two accounts. */
  async function assertFree(users: UserRepo, phone: string, userId: number): Promise<void> {
    const other = (await users.findByPhone(phone)) ?? (await users.findByLogin(phone));
    if (other && other.id !== userId) throw fail('phoneTaken', { phone });
  }

  return {
    async sendCode(bindToken: string, phone: string): Promise<{ expiresIn: number }> {
      const userId = await ticketUser(bindToken);
      await assertFree(d.users, phone, userId);
      return d.reset.sendBindCode(phone);
    },

    async bind(
      bindToken: string,
      phone: string,
      code: string,
      meta: RequestMeta,
    ): Promise<LoginResponse & { schoolId: number | null }> {
      const userId = await ticketUser(bindToken);
      await d.reset.takeBindCode(phone, code);
      await d.db.transaction(async (tx) => {
        const users = d.userRepo(tx);
        await assertFree(users, phone, userId);
        await users.setPhone(userId, phone);
        await d.audit.record(tx, { action: 'account.phone.bind', userId, ip: meta.ip, detail: { phone } });
      });
      if ((await d.sessions.redeemChangeTicket(bindToken, 'bind_phone')) !== userId) {
        throw fail('bindPhoneTicketExpired');
      }
      const u = await d.users.findById(userId);
      if (!u) throw fail('accountNotFound');
      return d.auth.startSession(u, meta);
    },
  };
}
export type BindPhoneService = ReturnType<typeof bindPhoneService>;
