import { sql } from 'drizzle-orm';
import { intArray, rowsOf, type Db } from '../../infra/db';

/** What the comparison of a 联考's schools reads beside the reports' own reads (issue 35). */
export function reportCompareRepo(db: Db) {
  return {
    /** The exam's schools with the bureau each hangs under, in id order (the order anonymous names follow). */
    async examSchools(
      examId: number,
    ): Promise<Array<{ id: number; name: string; orgId: number; orgName: string }>> {
      const r = await db.execute(sql`
        select s.id, s.name, coalesce(s.org_id, 0) as "orgId", coalesce(o.name, '') as "orgName"
        from exam_school es join school s on s.id = es.school_id left join org o on o.id = s.org_id
        where es.exam_id = ${examId} order by s.id`);
      return rowsOf(r);
    },

    async namesShared(examId: number): Promise<boolean> {
      const r = await db.execute(sql`select names_shared as "shared" from exam where id = ${examId}`);
      return rowsOf<{ shared: boolean }>(r)[0]?.shared ?? false;
    },

    async classNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const r = await db.execute(sql`select id, name from class where id = any(${intArray(ids)})`);
      return new Map(rowsOf<{ id: number; name: string }>(r).map((c) => [c.id, c.name]));
    },
  };
}
export type ReportCompareRepo = typeof reportCompareRepo;
