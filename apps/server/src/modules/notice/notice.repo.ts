import { desc } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { notice } from '../../db/schema';

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
  };
}
