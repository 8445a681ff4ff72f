import { sql } from 'drizzle-orm';
import { StoredMarkProblemSchema, type BlockRegion, type MarkProblem } from '@yj/contracts';
import { readBlockRegions, readStored } from '../../db/stored';
import { rowsOf, type Db, type Tx } from '../../infra/db';

/** a leader's school narrowing (null: every school of the block), as marking-lead's */
export type LeadSchool = number | null;

const onSchool = (school: LeadSchool) => (school === null ? sql`` : sql` and p.school_id = ${school}`);
const stateOf = (state: 'open' | 'resolved') =>
  state === 'open'
    ? sql`m.status = 'problem' and m.problem->>'resolution' is null`
    : sql`m.problem->>'resolution' is not null`;
const readProblem = (raw: unknown, id: number) =>
  readStored(StoredMarkProblemSchema, raw, `standard_mark ${id} problem`);

/** 问题卷 raised on hidden papers of 质检 (standard_mark), as the block's leaders list and settle them. */
export function qualityHiddenRepo(db: Db | Tx) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
  const count = async (where: ReturnType<typeof sql>) =>
    (
      await rows<{
        n: number;
      }>(sql`select count(*)::int as n from standard_mark m join paper p on p.id = m.paper_id
        where ${where}`)
    )[0]?.n ?? 0;
  return {
    /** The block of a hidden paper (null: none). */
    async blockOf(id: number): Promise<number | null> {
      const [r] = await rows<{ block_id: number }>(sql`select block_id from standard_mark where id = ${id}`);
      return r?.block_id ?? null;
    },

    /** Open ones of a block. */
    openCount: (blockId: number, school: LeadSchool) =>
      count(sql`m.block_id = ${blockId} and ${stateOf('open')}${onSchool(school)}`),

    /** The count of the block's open or settled ones, and a page of them with the marker's name. */
    async page(blockId: number, school: LeadSchool, state: 'open' | 'resolved', skip: number, take: number) {
      const where = sql`m.block_id = ${blockId} and m.problem is not null and ${stateOf(state)}${onSchool(school)}`;
      const total = await count(where);
      if (take <= 0) return { total, items: [] };
      const found = await rows<{
        id: number;
        paper_id: number;
        status: string;
        problem: unknown;
        name: string;
      }>(
        sql`select m.id, m.paper_id, m.status, m.problem, u.name from standard_mark m
          join paper p on p.id = m.paper_id join "user" u on u.id = m.user_id
          where ${where} order by m.id limit ${take} offset ${skip}`,
      );
      return { total, items: found.map((r) => ({ ...r, problem: readProblem(r.problem, r.id)! })) };
    },

    /** Where a hidden paper is cut from, and its school. */
    async cut(
      id: number,
    ): Promise<{ paperId: number; schoolId: number; regions: BlockRegion[] } | undefined> {
      const [r] = await rows<{
        paper_id: number;
        school_id: number;
        block_id: number;
        regions: unknown;
      }>(sql`select
          m.paper_id, p.school_id, m.block_id, b.regions from standard_mark m
          join paper p on p.id = m.paper_id join block b on b.id = m.block_id where m.id = ${id}`);
      if (!r) return undefined;
      const regions = readBlockRegions(r.regions, r.block_id);
      return { paperId: r.paper_id, schoolId: r.school_id, regions };
    },

    /** A hidden paper locked to be settled. */
    async locked(id: number) {
      const [m] = await rows<{ status: string; problem: unknown; school_id: number }>(sql`select m.status,
          m.problem, p.school_id from standard_mark m join paper p on p.id = m.paper_id where m.id = ${id}
        for update of m`);
      return m && { status: m.status, problem: readProblem(m.problem, id), schoolId: m.school_id };
    },

    /** 退回: the hidden paper goes (it may be handed out again). */
    async remove(id: number): Promise<void> {
      await db.execute(sql`delete from standard_mark where id = ${id}`);
    },

    async setProblem(id: number, problem: MarkProblem): Promise<void> {
      await db.execute(
        sql`update standard_mark set problem = ${JSON.stringify(problem)}::jsonb where id = ${id}`,
      );
    },
  };
}
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualityHiddenRepoOf = typeof qualityHiddenRepo;
