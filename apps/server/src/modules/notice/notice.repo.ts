import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { envFlag, notice, serviceLink } from '../../db/schema';

export function noticeRepo(db: Db) {
  return {
    async latest(): Promise<typeof notice.$inferSelect | null> {
      const rows = await db.select().from(notice).orderBy(desc(notice.id)).limit(1);
      return rows[0] ?? null;
    },
    async insert(text: string, maxAge: number, updatedBy: number | null) {
      const [row] = await db.insert(notice).values({ text, maxAge, updatedBy }).returning();
      return row!;
    },
    /** The newest 系统维护 flag row (cleared or not), or null when none was ever set. */
    async latestEnvFlag(): Promise<typeof envFlag.$inferSelect | null> {
      const rows = await db.select().from(envFlag).orderBy(desc(envFlag.id)).limit(1);
      return rows[0] ?? null;
    },
    async insertEnvFlag(v: { message: string; until: Date | null; readOnly: boolean; setBy: number }) {
      const [row] = await db.insert(envFlag).values(v).returning();
      return row!;
    },
    /** Clears the flag in force (if any); the number of rows cleared. */
    async clearEnvFlag(clearedBy: number): Promise<number> {
      const rows = await db
        .update(envFlag)
        .set({ clearedBy, clearedAt: sql`now()` })
        .where(isNull(envFlag.clearedAt))
        .returning({ id: envFlag.id });
      return rows.length;
    },
    /** The 在线客服 links set, by kind. */
    async serviceLinks(): Promise<Array<{ kind: string; url: string }>> {
      return db.select({ kind: serviceLink.kind, url: serviceLink.url }).from(serviceLink);
    },
    /** Sets (or, with an empty url, removes) the link of a kind. */
    async setServiceLink(kind: string, url: string, updatedBy: number): Promise<void> {
      if (!url) {
        await db.delete(serviceLink).where(eq(serviceLink.kind, kind));
        return;
      }
      await db
        .insert(serviceLink)
        .values({ kind, url, updatedBy })
        .onConflictDoUpdate({ target: serviceLink.kind, set: { url, updatedBy, updatedAt: sql`now()` } });
    },
  };
}
