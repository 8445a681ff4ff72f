import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../infra/db';

/** One counter of a day: a page viewed, or a control clicked on a page, by people of one school type. */
export interface StatKey {
  kind: 'view' | 'click';
  page: string;
  control: string;
  schoolType: number;
}

/** The page-static monitor's SQL: the day's counters raised, the old days removed, the summaries read. */
export function monitorRepo(db: Db) {
  return {
    async schoolType(schoolId: number): Promise<number | null> {
      const [r] = rowsOf<{ t: number }>(
        await db.execute(sql`select school_type as t from school where id = ${schoolId}`),
      );
      return r ? Number(r.t) : null;
    },

    /** Counters today already has, and how many it has in all. */
    async today(keys: StatKey[]): Promise<{ known: Set<string>; total: number }> {
      const rows = rowsOf<{ kind: string; page: string; control: string; t: number; n: number }>(
        await db.execute(sql`select kind, page, control, school_type as t,
            (select count(*)::int from page_stat where day = current_date) as n
          from page_stat where day = current_date
            and (kind, page, control, school_type) in (${sql.join(
              keys.map((k) => sql`(${k.kind}, ${k.page}, ${k.control}, ${k.schoolType}::smallint)`),
              sql`, `,
            )})`),
      );
      const [all] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from page_stat where day = current_date`),
      );
      return {
        known: new Set(rows.map((r) => `${r.kind}|${r.page}|${r.control}|${r.t}`)),
        total: all?.n ?? 0,
      };
    },

    /** Adds `count` to each of today's counters (made at 0 when new). */
    async add(counts: Array<StatKey & { count: number }>): Promise<void> {
      if (!counts.length) return;
      await db.execute(
        sql`insert into page_stat (day, kind, page, control, school_type, count) values ${sql.join(
          counts.map(
            (c) => sql`(current_date, ${c.kind}, ${c.page}, ${c.control}, ${c.schoolType}, ${c.count})`,
          ),
          sql`, `,
        )} on conflict (day, kind, page, control, school_type) do update set count = page_stat.count + excluded.count`,
      );
    },

    /** Removes the days older than `keepDays`. */
    async prune(keepDays: number): Promise<void> {
      await db.execute(sql`delete from page_stat where day < current_date - ${keepDays}::int`);
    },

    /** The last `days` days, oldest first (YYYY-MM-DD in the database's time zone). */
    async days(days: number): Promise<string[]> {
      return rowsOf<{ d: string }>(
        await db.execute(sql`select to_char(current_date - g, 'YYYY-MM-DD') as d
          from generate_series(${days - 1}::int, 0, -1) g`),
      ).map((r) => r.d);
    },

    /** Views per page and day since `from`, of one school type or all. */
    async views(from: string, schoolType: number | null) {
      return rowsOf<{ page: string; day: string; n: number }>(
        await db.execute(sql`select page, to_char(day, 'YYYY-MM-DD') as day, sum(count)::int as n
          from page_stat where kind = 'view' and day >= ${from}::date
            and (${schoolType}::smallint is null or school_type = ${schoolType}::smallint)
          group by page, day`),
      );
    },

    /** The most clicked controls since `from`. */
    async clicks(from: string, schoolType: number | null, limit: number) {
      return rowsOf<{ control: string; page: string; count: number }>(
        await db.execute(sql`select control, page, sum(count)::int as count
          from page_stat where kind = 'click' and day >= ${from}::date
            and (${schoolType}::smallint is null or school_type = ${schoolType}::smallint)
          group by control, page order by count desc, control, page limit ${limit}`),
      );
    },

    /** Views and clicks per school type since `from`. */
    async schoolTypes(from: string) {
      return rowsOf<{ schoolType: number; views: number; clicks: number }>(
        await db.execute(sql`select school_type as "schoolType",
            coalesce(sum(count) filter (where kind = 'view'), 0)::int as views,
            coalesce(sum(count) filter (where kind = 'click'), 0)::int as clicks
          from page_stat where day >= ${from}::date group by school_type order by school_type`),
      );
    },
  };
}
export type MonitorRepo = ReturnType<typeof monitorRepo>;
