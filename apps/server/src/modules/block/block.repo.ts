import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { block, blockReviewer } from '../../db/schema';

export type BlockRow = typeof block.$inferSelect;

export function blockRepo(db: Db) {
  return {
    ofSubject: (subjectId: number): Promise<BlockRow[]> =>
      db.select().from(block).where(eq(block.subjectId, subjectId)).orderBy(asc(block.sort), asc(block.id)),
    /** Removes the subject's blocks that are not in `keepIds`, with their markers and leaders. */
    async removeOthers(subjectId: number, keepIds: number[]): Promise<void> {
      const gone = and(
        eq(block.subjectId, subjectId),
        keepIds.length ? notInArray(block.id, keepIds) : undefined,
      );
      await db
        .delete(blockReviewer)
        .where(inArray(blockReviewer.blockId, db.select({ id: block.id }).from(block).where(gone)));
      await db.delete(block).where(gone);
    },
    async update(id: number, set: Partial<typeof block.$inferInsert>): Promise<void> {
      await db
        .update(block)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(block.id, id));
    },
    async insert(row: typeof block.$inferInsert): Promise<void> {
      await db.insert(block).values(row);
    },
  };
}
