import { and, asc, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import type { ObjectiveQuestion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { readTemplateBody } from '../../db/stored';
import { paper, question, scanBatch, template } from '../../db/schema';

export type TemplateRow = typeof template.$inferSelect;

/** A template row with its body parsed (once, here): a damaged body fails on read, not in recognition. */
const templateRow = (row: TemplateRow): TemplateRow => ({ ...row, body: readTemplateBody(row.body, row.id) });

export function templateRepo(db: Db) {
  const live = (subjectId: number) => and(eq(template.subjectId, subjectId), isNull(template.deletedAt));
  return {
    ofSubject: async (subjectId: number): Promise<TemplateRow[]> =>
      (await db.select().from(template).where(live(subjectId)).orderBy(asc(template.id))).map(templateRow),
    /** The templates the subject's live papers were read with (their batches'). */
    async readWith(subjectId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: scanBatch.templateId })
        .from(scanBatch)
        .where(
          and(
            eq(scanBatch.subjectId, subjectId),
            exists(
              db
                .select({ one: sql`1` })
                .from(paper)
                .where(and(eq(paper.batchId, scanBatch.id), isNull(paper.deletedAt))),
            ),
          ),
        );
      // the 'online' batch reads no template
      return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    },
    /** The subject's objective questions as a template must read them: number, kind and option count. */
    async objectiveKinds(
      subjectId: number,
    ): Promise<Array<Pick<ObjectiveQuestion, 'no' | 'kind' | 'options'>>> {
      const rows = await db
        .select({ no: question.no, kind: question.kind, options: question.options })
        .from(question)
        .where(and(eq(question.subjectId, subjectId), ne(question.kind, 'subjective')));
      return rows.map((r) => ({ ...r, kind: r.kind as ObjectiveQuestion['kind'] }));
    },
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
