import { sql } from 'drizzle-orm';
import { MarkSlot } from '@yj/contracts';
import { intArray, rowsOf, type Db, type Tx } from '../../../infra/db';

/** One block's progress: papers with a final score out of papers to mark, and what is in between. */
export interface BlockProgressCounts {
  blockId: number;
  /** papers to mark: every live paper with a mark task of the block, and those scored from 先阅后扫 strips */
  papers: number;
  /** of these, papers with a final score (block_score): marked, arbitrated, a blank scored 0, a group's score */
  decided: number;
  /** papers waiting for arbitration */
  arbitration: number;
  /** papers with an open 问题卷 */
  problems: number;
  /** papers 智能判空 scored 0 (counted in decided) */
  blanks: number;
}

/**
 * The one definition of a block's progress (issue 29: 阅卷进度, the block overview, the marker's task list and
 * the exam's progress showed four figures for one block at one moment). A paper counts once whatever its mark
 * count; a deleted paper (rescanned, removed) not at all. `school` narrows to one school's papers (null: all).
 */
export async function blockProgressCounts(
  db: Db | Tx,
  blockIds: readonly number[],
  school: number | null,
): Promise<BlockProgressCounts[]> {
  if (!blockIds.length) return [];
  const ids = intArray(blockIds);
  const inSchool = school === null ? sql`true` : sql`x.school_id = ${school}`;
  const rows = rowsOf<BlockProgressCounts>(
    await db.execute(sql`with p as (
        select t.block_id, t.paper_id from mark_task t join paper x on x.id = t.paper_id and x.deleted_at is null
          where t.block_id = any(${ids}) and ${inSchool}
        union
        select bs.block_id, bs.paper_id from block_score bs join paper x on x.id = bs.paper_id and x.deleted_at is null
          where bs.block_id = any(${ids}) and bs.source = 'xianyue' and ${inSchool})
      select p.block_id as "blockId", count(*)::int as papers,
        (count(*) filter (where exists (select 1 from block_score bs where bs.block_id = p.block_id
          and bs.paper_id = p.paper_id)))::int as decided,
        (count(*) filter (where exists (select 1 from mark_task a where a.block_id = p.block_id
          and a.paper_id = p.paper_id and a.slot = ${MarkSlot.arbitration} and a.status <> 'submitted')))::int
          as arbitration,
        (count(*) filter (where exists (select 1 from mark_task a where a.block_id = p.block_id
          and a.paper_id = p.paper_id and a.status = 'problem' and a.problem->>'resolution' is null)))::int
          as problems,
        (count(*) filter (where exists (select 1 from intelligent_blank ib where ib.block_id = p.block_id
          and ib.paper_id = p.paper_id and ib.blank and ib.state = 'applied')))::int as blanks
      from p group by p.block_id`),
  );
  const by = new Map(rows.map((r) => [r.blockId, r]));
  return blockIds.map(
    (id) => by.get(id) ?? { blockId: id, papers: 0, decided: 0, arbitration: 0, problems: 0, blanks: 0 },
  );
}
