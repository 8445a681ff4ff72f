import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CardTemplate } from '@yj/contracts';
import { subject } from './subject';

/** A subject's card template: the recognition geometry (body) and the spec's template fields. */
export const template = pgTable(
  'template',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subject.id),
    name: text('name').notNull().default('主模板'),
    cardType: text('card_type').notNull().default('thirdParty'),
    colorType: text('color_type').notNull().default('gray'),
    dpi: integer('dpi').notNull().default(200),
    isDouble: boolean('is_double').notNull().default(false),
    body: jsonb('body').$type<CardTemplate>().notNull(),
    /** the template scanning reads this subject's pages with; when none is chosen, the earliest */
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('template_subject_idx').on(t.subjectId)],
);
