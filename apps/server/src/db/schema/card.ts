import { integer } from 'drizzle-orm/pg-core';
import { ref, updatedAt, pgTable } from '../columns';
import { subject } from './subject';
import { template } from './template';
import { StoredCardOptionsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** The designer options an online card template (cardType 'online') was laid out with, to reopen and reprint it. */
export const cardDesign = pgTable('card_design', {
  templateId: integer('template_id')
    .primaryKey()
    .references(() => template.id),
  subjectId: ref('subject_id', () => subject.id),
  options: storedJsonb('options', StoredCardOptionsSchema, 'card_design.options').notNull(),
  updatedAt: updatedAt(),
});
