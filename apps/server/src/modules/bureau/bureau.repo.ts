import { sql } from 'drizzle-orm';
import type { BureauAdminRow, BureauExam } from '@yj/contracts';
import { intArray, likeAnywhere, rowsOf, type Db } from '../../infra/db';

export interface BureauExamRow {
  id: number;
  name: string;
  orgId: number | null;
  namesShared: boolean;
}

/** The bureau's reads and writes (issue 35): the org tree, its schools and 联考, its administrators. */
export function bureauRepo(db: Db) {
  return {
    async orgs(): Promise<Array<{ id: number; name: string; level: number; parentId: number | null }>> {
      const r = await db.execute(
        sql`select id, name, level, parent_id as "parentId" from org order by level, id`,
      );
      return rowsOf(r);
    },

    /** Live schools with their bureau; `ids` null: every school that hangs under a bureau. */
    async schools(
      ids: readonly number[] | null,
    ): Promise<Array<{ id: number; name: string; orgId: number; orgName: string }>> {
      const r = await db.execute(sql`
        select s.id, s.name, s.org_id as "orgId", o.name as "orgName" from school s join org o on o.id = s.org_id
        where s.deleted_at is null and (${ids === null} or s.id = any(${intArray(ids ?? [])}))
        order by o.id, s.id`);
      return rowsOf(r);
    },

    /** The 联考 run by these bureaus, newest first. */
    async exams(orgIds: readonly number[] | null): Promise<BureauExam[]> {
      const r = await db.execute(sql`
        select e.id, e.name, e.grade_name as "gradeName", e.start_date::text as "startDate", o.name as "orgName",
          e.names_shared as "namesShared",
          (select count(*)::int from exam_school es where es.exam_id = e.id) as schools,
          (select count(*)::int from examinee x where x.exam_id = e.id) as examinees
        from exam e join org o on o.id = e.org_id
        where e.deleted_at is null
          and (${orgIds === null} or e.org_id = any(${intArray(orgIds ?? [])}))
        order by e.start_date desc nulls last, e.id desc`);
      return rowsOf(r);
    },

    async exam(examId: number): Promise<BureauExamRow | null> {
      const r = await db.execute(sql`
        select id, name, org_id as "orgId", names_shared as "namesShared" from exam
        where id = ${examId} and deleted_at is null`);
      return rowsOf<BureauExamRow>(r)[0] ?? null;
    },

    async setNamesShared(examId: number, shared: boolean): Promise<void> {
      await db.execute(sql`update "exam" set names_shared = ${shared} where id = ${examId}`);
    },

    async orgExists(orgId: number): Promise<boolean> {
      const r = await db.execute(sql`select 1 from org where id = ${orgId}`);
      return rowsOf(r).length > 0;
    },

    async admins(orgId: number): Promise<Array<{ userId: number; name: string; phone: string }>> {
      const r = await db.execute(sql`
        select u.id as "userId", u.name, coalesce(u.phone, '') as phone from bureau_admin b
        join "user" u on u.id = b.user_id where b.org_id = ${orgId} order by b.id`);
      return rowsOf(r);
    },

    /** Every bureau's administrators, by name or phone (`keyword`) and bureau, a page of them and how many. */
    async adminPage(q: {
      keyword?: string | undefined;
      orgId?: number | undefined;
      page: number;
      size: number;
    }): Promise<{ total: number; items: BureauAdminRow[] }> {
      const like = q.keyword ? likeAnywhere(q.keyword) : null;
      const r = await db.execute(sql`
        select u.id as "userId", u.name, coalesce(u.phone, '') as phone, o.id as "orgId", o.name as "orgName",
          o.level, count(*) over ()::int as total
        from bureau_admin b join "user" u on u.id = b.user_id join org o on o.id = b.org_id
        where (${q.orgId ?? null}::int is null or b.org_id = ${q.orgId ?? null})
          and (${like}::text is null or u.name like ${like} or u.phone like ${like})
        order by o.level, o.id, b.id
        limit ${q.size} offset ${(q.page - 1) * q.size}`);
      const rows = rowsOf<BureauAdminRow & { total: number }>(r);
      return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _t, ...row }) => row) };
    },

    /** false when the user did not administer the bureau */
    async removeAdmin(orgId: number, userId: number): Promise<boolean> {
      // the statement opens the text: the session cache sees a grant written (infra/grant-writes.ts)
      const r =
        await db.execute(sql`delete from "bureau_admin" where org_id = ${orgId} and user_id = ${userId}
        returning id`);
      return rowsOf(r).length > 0;
    },

    /** false when the user already administers the bureau */
    async addAdmin(orgId: number, userId: number): Promise<boolean> {
      // the statement opens the text: the session cache sees a grant written (infra/grant-writes.ts)
      const r = await db.execute(sql`insert into "bureau_admin" (org_id, user_id) values (${orgId}, ${userId})
        on conflict (org_id, user_id) do nothing returning id`);
      return rowsOf(r).length > 0;
    },
  };
}
export type BureauRepo = typeof bureauRepo;
