import { Code, type Principal } from '@yj/contracts';
import { AppError } from '../../errors';
import { newToken, sha256 } from '../../lib/crypto';
import { expiringMap } from '../../lib/expiring-map';
import type { SessionRepo, SessionRow } from './session.repo';

export interface AuthContext {
  sessionId: number;
  userId: number;
  schoolId: number | null;
  /** the user's grants as of this request's session lookup */
  principal: Principal;
}

/** What a sign-in ticket allows (session.purpose). */
export type TicketPurpose = 'change_pwd' | 'bind_phone';

// Writing last_seen on every request would turn reads into writes; a minute of slack is enough for an idle timeout.
const TOUCH_EVERY_MS = 60_000;
const CHANGE_PWD_TTL_MS = 15 * 60_000;

/**
 * Sessions remembered at most (the oldest dropped first: a miss only costs the lookup). A remembered session is
 * ~0.8 KB (a student's; more with exam roles), so the cache stays under ~40 MB even then; it holds only the
 * sessions that made a request within cacheMs, a few hundred for 1,000 students sitting an exam.
 */
const MAX_CACHED = 50_000;

export function sessionService(
  repo: SessionRepo,
  /** cacheMs: a session row (with its grants) is reused this long by this process; 0 reads it every time */
  opts: { idleMs: number; maxMs: number; cacheMs?: number },
) {
  // issue 13: the lookup was a third of a marker's statements. Kept briefly, forgotten on sign-out here and
  // after a request of this process that wrote a session or a grant (plugins/auth); another process's change is
  // seen within cacheMs.
  // issue 34: an entry used to stay until the cache filled up, every session that ever made a request counting
  const ttl = opts.cacheMs ?? 0;
  const cache = expiringMap<string, SessionRow>({ ttlMs: ttl, max: MAX_CACHED });
  // Bumped by every forgetting: a lookup that was already reading when a grant changed must not put the row it
  // read (from before the change) back into the cache.
  let epoch = 0;
  async function lookup(tokenHash: string): Promise<SessionRow | null> {
    const hit = ttl > 0 ? cache.get(tokenHash) : undefined;
    if (hit) return hit;
    const readAt = cache.now();
    const readFrom = epoch;
    const row = await repo.findActive(tokenHash);
    if (ttl > 0 && readFrom === epoch) {
      if (row) cache.set(tokenHash, row, readAt);
      else cache.delete(tokenHash);
    }
    return row;
  }
  const forget = (match: (row: SessionRow) => boolean) => {
    epoch++;
    cache.deleteWhere(match);
  };

  return {
    /** Every remembered session read again on its next request (a change that may touch grants). */
    forgetAll: () => {
      epoch++;
      cache.clear();
    },

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

    /**
     * A short-lived ticket that only allows one step of a refused sign-in: the forced password change
     * ('change_pwd') or binding a phone ('bind_phone'). It is never a web session (resolve refuses it).
     */
    async createChangeTicket(userId: number, purpose: TicketPurpose = 'change_pwd'): Promise<string> {
      const token = newToken();
      await repo.insert({
        tokenHash: sha256(token),
        userId,
        schoolId: null,
        purpose,
        expiresAt: new Date(Date.now() + CHANGE_PWD_TTL_MS),
        ip: null,
        userAgent: null,
      });
      return token;
    },

    /** The user of a valid change ticket, without using it up (a refused new password keeps it); null when not valid. */
    async changeTicketUser(token: string, purpose: TicketPurpose = 'change_pwd'): Promise<number | null> {
      const row = await repo.findActive(sha256(token));
      return row && row.purpose === purpose && row.expiresAt >= new Date() ? row.userId : null;
    },

    /** Redeems a change ticket once; null when unknown, used or expired. */
    async redeemChangeTicket(token: string, purpose: TicketPurpose = 'change_pwd'): Promise<number | null> {
      const row = await repo.findActive(sha256(token));
      if (!row || row.purpose !== purpose || row.expiresAt < new Date()) return null;
      await repo.revoke(row.id);
      return row.userId;
    },

    /** Resolves a token to its session, sliding the expiry up to maxMs after sign-in; 1000 when absent, 1001 when unknown or expired. */
    async resolve(token: string | undefined): Promise<AuthContext> {
      if (!token) throw new AppError(Code.notLoggedIn, '请先登录');
      const row = await lookup(sha256(token));
      const now = Date.now();
      // Sliding alone would keep a stolen but busy token alive forever; maxMs bounds it from sign-in.
      const endsAt = row ? Math.min(row.expiresAt.getTime(), row.createdAt.getTime() + opts.maxMs) : 0;
      if (!row || row.purpose !== 'web' || endsAt < now || row.userStatus !== 1) {
        throw new AppError(Code.sessionExpired, '登录已过期，请重新登录');
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = new Date(Math.min(now + opts.idleMs, row.createdAt.getTime() + opts.maxMs));
        await repo.touch(row.id, expiresAt);
        // the remembered row slides with the stored one (else it would be touched on every cached request)
        Object.assign(row, { lastSeenAt: new Date(now), expiresAt });
      }
      return {
        sessionId: row.id,
        userId: row.userId,
        schoolId: row.schoolId,
        principal: { userId: row.userId, ...row.grants },
      };
    },

    revoke: async (sessionId: number) => {
      forget((r) => r.id === sessionId);
      await repo.revoke(sessionId);
      forget((r) => r.id === sessionId);
    },
    revokeAllOfUser: async (userId: number, keepId?: number) => {
      forget((r) => r.userId === userId && r.id !== keepId);
      await repo.revokeAllOfUser(userId, keepId);
      forget((r) => r.userId === userId && r.id !== keepId);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
