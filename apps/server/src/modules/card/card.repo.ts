import { and, eq, isNull } from 'drizzle-orm';
import type { CardOptionsValue } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { cardDesign, template } from '../../db/schema';

export type CardDesignRow = typeof cardDesign.$inferSelect;

export function cardRepo(db: Db) {
  return {
    /** The options of the subject's live online templates, by template id. */
    async ofSubject(subjectId: number): Promise<CardDesignRow[]> {
      return db
        .select({
          templateId: cardDesign.templateId,
          subjectId: cardDesign.subjectId,
          options: cardDesign.options,
          updatedAt: cardDesign.updatedAt,
        })
        .from(cardDesign)
        .innerJoin(template, eq(template.id, cardDesign.templateId))
        .where(and(eq(cardDesign.subjectId, subjectId), isNull(template.deletedAt)));
    },
    async put(templateId: number, subjectId: number, options: CardOptionsValue): Promise<void> {
      await db
        .insert(cardDesign)
        .values({ templateId, subjectId, options })
        .onConflictDoUpdate({ target: cardDesign.templateId, set: { options, updatedAt: new Date() } });
    },
  };
}
