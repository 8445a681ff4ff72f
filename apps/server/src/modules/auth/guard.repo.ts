import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { captcha, loginAttempt, smsCode } from '../../db/schema';

export type SmsRow = typeof smsCode.$inferSelect;

/** Rows that protect sign-in: failure counters, picture captchas, SMS codes. */
export function guardRepo(db: Db) {
  return {
    /**
     * Counts one sign-in attempt as a failure until it succeeds (then clearFailures), in one statement so
     * parallel attempts each see a distinct count. Restarts the window when the old one has lapsed.
     */
    async countAttempt(key: string, since: Date): Promise<number> {
      const [row] = await db
        .insert(loginAttempt)
        .values({ key, failures: 1, windowStart: new Date() })
        .onConflictDoUpdate({
          target: loginAttempt.key,
          set: {
            failures: sql`case when ${loginAttempt.windowStart} < ${since.toISOString()} then 1 else ${loginAttempt.failures} + 1 end`,
            windowStart: sql`case when ${loginAttempt.windowStart} < ${since.toISOString()} then now() else ${loginAttempt.windowStart} end`,
          },
        })
        .returning({ failures: loginAttempt.failures });
      return row?.failures ?? 1;
    },
    async clearFailures(key: string): Promise<void> {
      await db.delete(loginAttempt).where(eq(loginAttempt.key, key));
    },

    async putCaptcha(verifyKey: string, answerHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(captcha)
        .values({ verifyKey, answerHash, expiresAt })
        .onConflictDoUpdate({ target: captcha.verifyKey, set: { answerHash, expiresAt } });
    },
    /** Reads and deletes: a captcha answers once. */
    async takeCaptcha(verifyKey: string): Promise<{ answerHash: string; expiresAt: Date } | null> {
      const rows = await db.delete(captcha).where(eq(captcha.verifyKey, verifyKey)).returning();
      return rows[0] ?? null;
    },

    async smsCountSince(phone: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(smsCode)
        .where(and(eq(smsCode.phone, phone), gte(smsCode.createdAt, since)));
      return Number(row?.n ?? 0);
    },
    async lastSms(phone: string, purpose: string): Promise<SmsRow | null> {
      const rows = await db
        .select()
        .from(smsCode)
        .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
        .orderBy(desc(smsCode.id))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertSms(row: typeof smsCode.$inferInsert): Promise<void> {
      await db.insert(smsCode).values(row);
    },
    async bumpSmsAttempts(id: number): Promise<void> {
      await db
        .update(smsCode)
        .set({ attempts: sql`${smsCode.attempts} + 1` })
        .where(eq(smsCode.id, id));
    },
    async markSmsVerified(id: number, resetTokenHash: string, resetExpiresAt: Date): Promise<void> {
      await db
        .update(smsCode)
        .set({ usedAt: new Date(), resetTokenHash, resetExpiresAt })
        .where(eq(smsCode.id, id));
    },
    /** Claims a reset token once; null when unknown, used or expired. */
    async takeResetToken(phone: string, resetTokenHash: string): Promise<SmsRow | null> {
      const rows = await db
        .update(smsCode)
        .set({ resetUsedAt: new Date() })
        .where(
          and(
            eq(smsCode.phone, phone),
            eq(smsCode.resetTokenHash, resetTokenHash),
            isNull(smsCode.resetUsedAt),
            gte(smsCode.resetExpiresAt, new Date()),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type GuardRepo = ReturnType<typeof guardRepo>;
