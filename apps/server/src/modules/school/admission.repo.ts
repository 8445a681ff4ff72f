import { and, desc, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdmissionItem, Paged } from '@yj/contracts';
import type { AdmissionCount, UniversityCount } from '@yj/stats';
import { keywordIn, rowsOf, type Db } from '../../infra/db';
import { graduateAdmission as a } from '../../db/schema';

const item = {
  id: a.id,
  year: a.year,
  name: a.name,
  xuehao: a.xuehao,
  className: a.className,
  university: a.university,
  major: a.major,
  batch: a.batch,
  level: a.level,
};
export type AdmissionRow = Omit<AdmissionItem, 'id'>;

export function admissionRepo(db: Db) {
  const live = (schoolId: number) => and(eq(a.schoolId, schoolId), isNull(a.deletedAt));
  return {
    async page(
      schoolId: number,
      q: { page: number; size: number; year?: number | undefined; keyword?: string | undefined },
    ): Promise<Paged<AdmissionItem>> {
      const where = and(
        live(schoolId),
        q.year ? eq(a.year, q.year) : undefined,
        keywordIn(q.keyword, a.name, a.xuehao, a.university, a.major),
      );
      const rows = await db
        .select({ ...item, total: sql<number>`count(*) over ()::int` })
        .from(a)
        .where(where)
        .orderBy(desc(a.year), asc(a.className), asc(a.name), asc(a.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && q.page > 1) {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(a)
          .where(where);
        total = c?.n ?? 0;
      }
      return { total, size: q.size, items: rows.map(({ total: _, ...it }) => it) };
    },

    all: (schoolId: number): Promise<AdmissionItem[]> =>
      db
        .select(item)
        .from(a)
        .where(live(schoolId))
        .orderBy(desc(a.year), asc(a.className), asc(a.name), asc(a.id)),

    /** Counts by year, batch and level: what the summary sums (packages/stats admission.ts). */
    counts: (schoolId: number): Promise<AdmissionCount[]> =>
      db
        .select({ year: a.year, batch: a.batch, level: a.level, count: sql<number>`count(*)::int` })
        .from(a)
        .where(live(schoolId))
        .groupBy(a.year, a.batch, a.level),

    /** Per year, each university's admissions, the 10 largest of each year only. */
    universities: async (schoolId: number): Promise<UniversityCount[]> => {
      const rows = rowsOf<{ year: number; university: string; count: number }>(
        await db.execute(sql`
        select year, university, count from (
          select ${a.year} as year, ${a.university} as university, count(*)::int as count,
                 row_number() over (partition by ${a.year} order by count(*) desc, ${a.university}) as n
          from ${a} where ${a.schoolId} = ${schoolId} and ${a.deletedAt} is null
          group by ${a.year}, ${a.university}) t
        where n <= 10`),
      );
      return rows.map((x) => ({ year: Number(x.year), university: x.university, count: Number(x.count) }));
    },

    /** The live row of (year, class, name) other than `exceptId`, if any. */
    async clash(schoolId: number, r: AdmissionRow, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: a.id })
        .from(a)
        .where(and(live(schoolId), eq(a.year, r.year), eq(a.className, r.className), eq(a.name, r.name)))
        .limit(2);
      return row !== undefined && row.id !== exceptId;
    },

    async insert(schoolId: number, r: AdmissionRow): Promise<number> {
      const [row] = await db
        .insert(a)
        .values({ schoolId, ...r })
        .returning({ id: a.id });
      return row!.id;
    },

    /** Updates a live row of the school; false when there is none. */
    async update(schoolId: number, id: number, r: AdmissionRow): Promise<boolean> {
      const rows = await db
        .update(a)
        .set({ ...r, updatedAt: sql`now()` })
        .where(and(live(schoolId), eq(a.id, id)))
        .returning({ id: a.id });
      return rows.length > 0;
    },

    /**
     * Writes an import: a row of a (year, class, name) already kept is updated, the others inserted; answers
     * how many of each. One statement per 500 rows.
     */
    async upsert(schoolId: number, rows: AdmissionRow[]): Promise<{ created: number; updated: number }> {
      let created = 0;
      for (let i = 0; i < rows.length; i += 500) {
        const part = rows.slice(i, i + 500).map((r) => ({ schoolId, ...r }));
        const done = await db
          .insert(a)
          .values(part)
          .onConflictDoUpdate({
            target: [a.schoolId, a.year, a.className, a.name],
            targetWhere: sql`${a.deletedAt} is null`,
            set: {
              xuehao: sql`excluded.xuehao`,
              university: sql`excluded.university`,
              major: sql`excluded.major`,
              batch: sql`excluded.batch`,
              level: sql`excluded.level`,
              updatedAt: sql`now()`,
            },
          })
          // xmax is 0 on a row this statement inserted, set on one it updated
          .returning({ inserted: sql<boolean>`(xmax = 0)` });
        created += done.filter((d) => d.inserted).length;
      }
      return { created, updated: rows.length - created };
    },

    /** Marks rows deleted (all the school's when `ids` is 'all'); answers how many. */
    async remove(schoolId: number, ids: number[] | 'all'): Promise<number> {
      const rows = await db
        .update(a)
        .set({ deletedAt: sql`now()` })
        .where(and(live(schoolId), ids === 'all' ? undefined : inArray(a.id, ids)))
        .returning({ id: a.id });
      return rows.length;
    },
  };
}
