import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { readTemplateBody } from '../../db/stored';
import { template } from '../../db/schema';

export type TemplateRow = typeof template.$inferSelect;

/** A template row with its body parsed (once, here): a damaged body fails on read, not in recognition. */
const templateRow = (row: TemplateRow): TemplateRow => ({ ...row, body: readTemplateBody(row.body, row.id) });

export function templateRepo(db: Db) {
  const live = (subjectId: number) => and(eq(template.subjectId, subjectId), isNull(template.deletedAt));
  return {
    ofSubject: async (subjectId: number): Promise<TemplateRow[]> =>
      (await db.select().from(template).where(live(subjectId)).orderBy(asc(template.id))).map(templateRow),
    async find(subjectId: number, id: number): Promise<TemplateRow | null> {
      const [row] = await db
        .select()
        .from(template)
        .where(and(live(subjectId), eq(template.id, id)));
      return row ? templateRow(row) : null;
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
