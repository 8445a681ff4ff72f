import { integer, numeric, text } from 'drizzle-orm/pg-core';
import { id, ref, updatedAt, index, pgTable, uniqueIndex } from '../columns';
import { subject } from './subject';

/** One question of a subject's structure; `no` is the label teachers use ("13", "13(1)"). */
export const question = pgTable(
  'question',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    no: text('no').notNull(),
    /** single | multi | trueFalse | subjective */
    kind: text('kind').notNull(),
    options: integer('options').notNull().default(0),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    answer: text('answer').notNull().default(''),
    partialScore: numeric('partial_score', { precision: 6, scale: 1, mode: 'number' }),
    /** 多选少选 rule: fixed (partial_score) | share (score × options found / key size) */
    partialRule: text('partial_rule').notNull().default('fixed'),
    /** null | gift (送分: full marks to all) | cancelled (取消此题: counts for nobody); a key change with a reason */
    special: text('special'),
    specialReason: text('special_reason'),
    answerB: text('answer_b').notNull().default(''),
    bNo: text('b_no'),
    /**
     * A/B papers, objective questions: which A option each B option is — the A letter of the B paper's A, B, C …
     * in order ("CDAB": the B paper's A is the A paper's C). Null: the same letters. Scoring needs none (the B
     * key is kept apart); the option distributions count a B paper's letters under the A letters with it.
     */
    bOptions: text('b_options'),
    step: numeric('step', { precision: 3, scale: 1, mode: 'number' }).notNull().default(1),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('question_subject_no_uq').on(t.subjectId, t.no),
    index('question_subject_idx').on(t.subjectId, t.sort),
  ],
);
