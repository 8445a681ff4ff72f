import { boolean, integer, jsonb, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, updatedAt, index, pgTable } from '../columns';
import type { CardTemplate } from '@yj/contracts';
import { subject } from './subject';

/** A subject's card template: the recognition geometry (body) and the spec's template fields. */
export const template = pgTable(
  'template',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    name: text('name').notNull().default('主模板'),
    cardType: text('card_type').notNull().default('thirdParty'),
    colorType: text('color_type').notNull().default('gray'),
    dpi: integer('dpi').notNull().default(200),
    isDouble: boolean('is_double').notNull().default(false),
    body: jsonb('body').$type<CardTemplate>().notNull(),
    /** the template scanning reads this subject's pages with; when none is chosen, the earliest */
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('template_subject_idx').on(t.subjectId)],
);
