import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { notice, serviceLink } from '../../db/schema';

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
