import { sql } from 'drizzle-orm';
import { MarkSlot } from '@yj/contracts';
import { intArray, rowsOf, type Db, type Tx } from '../../../infra/db';
import type { ReviewerRow } from './marking.repo';

/** A block the user marks or leads, as review/task lists it. */
export interface ReviewTaskRow {
  exam_id: number;
  exam_name: string;
  subject_id: number;
  subject_name: string;
  status: number;
  block_id: number;
  block_name: string;
  role: number;
  done: number;
  arbitration: number;
  problems: number;
  groups: number;
  blanks: number;
}

/**
 * Tasks of the block the user could claim now: free (pending or lease expired), of the reviewer's school and
 * classes, not skipped by them, of papers they have no other slot of (papers counted once).
 */
export async function claimable(
  db: Tx | Db,
  blockId: number,
  userId: number,
  slots: number[],
  me: Pick<ReviewerRow, 'school_id' | 'class_ids'>,
): Promise<number> {
  const school = me.school_id === null ? sql`` : sql` and t.school_id = ${me.school_id}`;
  const classes = me.class_ids.length ? sql` and t.class_id = any(${intArray(me.class_ids)})` : sql``;
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct t.paper_id)::int as n from mark_task t
      where t.block_id = ${blockId} and t.slot = any(${intArray(slots)})
        and (t.status = 'pending' or (t.status = 'leased' and t.lease_until < now()))
        and not (${userId}::int = any(t.skipped_by))${school}${classes}
        and not exists (select 1 from paper p where p.id = t.paper_id and p.deleted_at is not null)
        and not exists (select 1 from mark_task o where o.block_id = t.block_id and o.paper_id = t.paper_id
          and o.user_id = ${userId} and o.id <> t.id)`),
  );
  return r?.n ?? 0;
}

/** The subject's marks not yet given, arbitrations waiting and 问题卷 not settled (papers still live). */
export async function openCounts(
  db: Tx | Db,
  subjectId: number,
): Promise<{ unmarked: number; arbitration: number; problems: number } | undefined> {
  const [r] = rowsOf<{ unmarked: number; arbitration: number; problems: number }>(
    await db.execute(sql`select
      (count(*) filter (where slot <> ${MarkSlot.arbitration} and status in ('pending', 'leased')))::int as unmarked,
      (count(*) filter (where slot = ${MarkSlot.arbitration} and status in ('pending', 'leased')))::int as arbitration,
      (count(*) filter (where status = 'problem' and problem->>'resolution' is null))::int as problems
      from mark_task t where subject_id = ${subjectId}
        -- a paper deleted (rescanned, removed) after its tasks were made leaves nothing to mark
        and not exists (select 1 from paper p where p.id = t.paper_id and p.deleted_at is not null)`),
  );
  return r;
}

/** Every block the user marks or leads, across live exams, newest exam first, with the user's counts. */
export async function reviewTaskRows(db: Db, userId: number): Promise<ReviewTaskRow[]> {
  return rowsOf<ReviewTaskRow>(
    await db.execute(sql`select e.id as exam_id, e.name as exam_name, s.id as subject_id, s.name as subject_name,
      s.status, b.id as block_id, b.name as block_name, r.role,
      (select count(*) from mark_task t where t.block_id = b.id and t.user_id = ${userId}
        and t.status = 'submitted')::int as done,
      (select count(*) from mark_task t where t.block_id = b.id and t.slot = ${MarkSlot.arbitration}
        and t.status in ('pending', 'leased'))::int as arbitration,
      (select count(*) from mark_task t where t.block_id = b.id and t.status = 'problem'
        and t.problem->>'resolution' is null)::int as problems,
      -- groups with two or more papers still the group's to score (intelligent.repo's groupWaiting)
      (select count(*) from (select 1 from intelligent_group_paper g where g.block_id = b.id and g.state = 'in'
        and not exists (select 1 from block_score bs where bs.block_id = g.block_id and bs.paper_id = g.paper_id)
        and not exists (select 1 from mark_task o where o.block_id = g.block_id and o.paper_id = g.paper_id
          and (o.status = 'problem' or (o.status = 'leased' and o.lease_until > now())))
        group by g.group_id having count(*) >= 2) w)::int as groups,
      (select count(*) from intelligent_blank ib where ib.block_id = b.id and ib.blank
        and ib.state = 'applied')::int as blanks
      from block_reviewer r
      join block b on b.id = r.block_id
      join subject s on s.id = b.subject_id and s.deleted_at is null
      join exam e on e.id = s.exam_id and e.deleted_at is null
      where r.user_id = ${userId}
      order by e.id desc, s.sort, s.id, b.sort, b.id, r.role`),
  );
}
