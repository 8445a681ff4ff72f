import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { template } from '../../db/schema';

export type TemplateRow = typeof template.$inferSelect;

export function templateRepo(db: Db) {
  const live = (subjectId: number) => and(eq(template.subjectId, subjectId), isNull(template.deletedAt));
  return {
    ofSubject: (subjectId: number): Promise<TemplateRow[]> =>
      db.select().from(template).where(live(subjectId)).orderBy(asc(template.id)),
    async find(subjectId: number, id: number): Promise<TemplateRow | null> {
      return (
        (
          await db
            .select()
            .from(template)
            .where(and(live(subjectId), eq(template.id, id)))
        )[0] ?? null
      );
    },
    async insert(row: typeof template.$inferInsert): Promise<TemplateRow> {
      return (await db.insert(template).values(row).returning())[0]!;
    },
    /** Marks one template of the subject as the one scanning uses, and no other. */
    async setActive(subjectId: number, id: number): Promise<void> {
      await db
        .update(template)
        .set({ active: sql`${template.id} = ${id}` })
        .where(eq(template.subjectId, subjectId));
    },
    async update(id: number, set: Partial<typeof template.$inferInsert>): Promise<void> {
      await db
        .update(template)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(template.id, id));
    },
  };
}
