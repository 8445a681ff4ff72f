import { date, integer, smallint, text } from 'drizzle-orm/pg-core';
import { index, pgTable, primaryKey } from '../columns';

/**
 * The page-static monitor and click tracking (spec §9): counters, never events — one row per day, kind, page
 * (a route pattern), control (a key written in the code; '' for a page view) and school type, so nothing in it
 * names a person, and its size is bounded by the pages and controls there are (MONITOR_KEYS_PER_DAY a day) and by
 * the days kept (MONITOR_KEEP_DAYS).
 */
export const pageStat = pgTable(
  'page_stat',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** view / click */
    kind: text('kind').$type<'view' | 'click'>().notNull(),
    page: text('page').notNull(),
    control: text('control').notNull().default(''),
    /** the school type of the person's school at the time (-1: no school) */
    schoolType: smallint('school_type').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.page, t.control, t.schoolType] }),
    index('page_stat_kind_day_idx').on(t.kind, t.day),
  ],
);
