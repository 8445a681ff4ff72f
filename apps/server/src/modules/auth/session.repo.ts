import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { session, user } from '../../db/schema';
import { grantColumns, type Grants } from './principal.repo';

export interface SessionRow {
  id: number;
  userId: number;
  schoolId: number | null;
  purpose: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userStatus: number;
  /** the user's grants, read in the same statement (the capability checks need them on most requests) */
  grants: Grants;
}

export function sessionRepo(db: Db) {
  // Every signed-in request looks its session up: prepared once, not rebuilt and re-planned per request.
  const active = db
    .select({
      id: session.id,
      userId: session.userId,
      schoolId: session.schoolId,
      purpose: session.purpose,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      lastSeenAt: session.lastSeenAt,
      userStatus: user.status,
      ...grantColumns(),
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.tokenHash, sql.placeholder('tokenHash')), isNull(session.revokedAt)))
    .limit(1)
    .prepare('session_find_active');
  return {
    async insert(row: {
      tokenHash: string;
      userId: number;
      schoolId: number | null;
      purpose: string;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<void> {
      await db.insert(session).values(row);
    },

    async findActive(tokenHash: string): Promise<SessionRow | null> {
      const [r] = await active.execute({ tokenHash });
      if (!r) return null;
      const { kind, isAdmin, schoolAdminOf, teacherOf, examRoles, bureaus, ...row } = r;
      // the staff's principal stays as it was (no kind); students and parents carry theirs
      const grants = { isAdmin, schoolAdminOf, teacherOf, examRoles, bureaus };
      return { ...row, grants: kind === 'staff' ? grants : { kind, ...grants } };
    },

    async touch(id: number, expiresAt: Date): Promise<void> {
      await db.update(session).set({ lastSeenAt: new Date(), expiresAt }).where(eq(session.id, id));
    },

    async revoke(id: number): Promise<void> {
      await db.update(session).set({ revokedAt: new Date() }).where(eq(session.id, id));
    },

    /** Ends every session of a user, except `keepId` (the one changing the password). */
    async revokeAllOfUser(userId: number, keepId?: number): Promise<void> {
      await db
        .update(session)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(session.userId, userId),
            isNull(session.revokedAt),
            keepId === undefined ? sql`true` : sql`${session.id} <> ${keepId}`,
          ),
        );
    },
  };
}
export type SessionRepo = ReturnType<typeof sessionRepo>;
