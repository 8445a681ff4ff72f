import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { CardOptionsValue } from '@yj/contracts';
import { subject } from './subject';
import { template } from './template';

/** The designer options an online card template (cardType 'online') was laid out with, to reopen and reprint it. */
export const cardDesign = pgTable('card_design', {
  templateId: integer('template_id')
    .primaryKey()
    .references(() => template.id),
  subjectId: integer('subject_id')
    .notNull()
    .references(() => subject.id),
  options: jsonb('options').$type<CardOptionsValue>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
