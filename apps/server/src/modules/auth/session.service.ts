import { Code, type Principal } from '@yj/contracts';
import { AppError } from '../../errors';
import { newToken, sha256 } from '../../lib/crypto';
import type { SessionRepo } from './session.repo';

export interface AuthContext {
  sessionId: number;
  userId: number;
  schoolId: number | null;
  /** the user's grants as of this request's session lookup */
  principal: Principal;
}

// Writing last_seen on every request would turn reads into writes; a minute of slack is enough for an idle timeout.
const TOUCH_EVERY_MS = 60_000;
const CHANGE_PWD_TTL_MS = 15 * 60_000;

export function sessionService(repo: SessionRepo, opts: { idleMs: number; maxMs: number }) {
  return {
    /** Starts a web session; returns the raw token (only its hash is stored). */
    async create(
      userId: number,
      schoolId: number | null,
      meta: { ip: string | null; userAgent: string | null },
    ) {
      const token = newToken();
      await repo.insert({
        tokenHash: sha256(token),
        userId,
        schoolId,
        purpose: 'web',
        expiresAt: new Date(Date.now() + Math.min(opts.idleMs, opts.maxMs)),
        ...meta,
      });
      return token;
    },

    /** A short-lived ticket that only allows the forced password change. */
    async createChangeTicket(userId: number): Promise<string> {
      const token = newToken();
      await repo.insert({
        tokenHash: sha256(token),
        userId,
        schoolId: null,
        purpose: 'change_pwd',
        expiresAt: new Date(Date.now() + CHANGE_PWD_TTL_MS),
        ip: null,
        userAgent: null,
      });
      return token;
    },

    /** The user of a valid change ticket, without using it up (a refused new password keeps it); null when not valid. */
    async changeTicketUser(token: string): Promise<number | null> {
      const row = await repo.findActive(sha256(token));
      return row && row.purpose === 'change_pwd' && row.expiresAt >= new Date() ? row.userId : null;
    },

    /** Redeems a change ticket once; null when unknown, used or expired. */
    async redeemChangeTicket(token: string): Promise<number | null> {
      const row = await repo.findActive(sha256(token));
      if (!row || row.purpose !== 'change_pwd' || row.expiresAt < new Date()) return null;
      await repo.revoke(row.id);
      return row.userId;
    },

    /** Resolves a token to its session, sliding the expiry up to maxMs after sign-in; 1000 when absent, 1001 when unknown or expired. */
    async resolve(token: string | undefined): Promise<AuthContext> {
      if (!token) throw new AppError(Code.notLoggedIn, '请先登录');
      const row = await repo.findActive(sha256(token));
      const now = Date.now();
      // Sliding alone would keep a stolen but busy token alive forever; maxMs bounds it from sign-in.
      const endsAt = row ? Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + opts.maxMs) : 0;
      if (!row || row.purpose !== 'web' || endsAt < now || row.userStatus !== 1) {
        throw new AppError(Code.sessionExpired, '登录已过期，请重新登录');
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touch(row.id, new Date(Math.min(now + opts.idleMs, row.createdAt.getTime() + opts.maxMs)));
      }
      return {
        sessionId: row.id,
        userId: row.userId,
        schoolId: row.schoolId,
        principal: { userId: row.userId, ...row.grants },
      };
    },

    revoke: (sessionId: number) => repo.revoke(sessionId),
    revokeAllOfUser: (userId: number, keepId?: number) => repo.revokeAllOfUser(userId, keepId),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
