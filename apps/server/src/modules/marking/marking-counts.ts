import { sql } from 'drizzle-orm';
import { MarkSlot, type ReviewTaskItem } from '@yj/contracts';
import type { Db, Tx } from '../../infra/db';
import { rowsOf } from './marking-final';
import { blockProgressCounts } from './marking-progress.repo';
import { markingRepo as repo } from './marking.repo';

const ROLE_LEADER = 6;

/**
 * How many tasks the user could claim in the block now: free (pending or lease expired), in their school and
 * classes, not skipped by them, of papers they have no other slot of; capped by what their quota leaves.
 */
export async function claimableCount(
  db: Tx | Db,
  blockId: number,
  userId: number,
  role: number,
): Promise<number> {
  const me = await repo.reviewer(db, blockId, userId, role);
  if (!me) return 0;
  const slots =
    role === ROLE_LEADER ? [MarkSlot.arbitration] : [MarkSlot.first, MarkSlot.second, MarkSlot.third];
  const school = me.school_id === null ? sql`` : sql` and t.school_id = ${me.school_id}`;
  const classes = me.class_ids.length
    ? sql` and t.class_id = any(${`{${me.class_ids.join(',')}}`}::int[])`
    : sql``;
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct t.paper_id)::int as n from mark_task t
      where t.block_id = ${blockId} and t.slot = any(${`{${slots.join(',')}}`}::int[])
        and (t.status = 'pending' or (t.status = 'leased' and t.lease_until < now()))
        and not (${userId}::int = any(t.skipped_by))${school}${classes}
        and not exists (select 1 from paper p where p.id = t.paper_id and p.deleted_at is not null)
        and not exists (select 1 from mark_task o where o.block_id = t.block_id and o.paper_id = t.paper_id
          and o.user_id = ${userId} and o.id <> t.id)`),
  );
  const free = r?.n ?? 0;
  if (me.quota === null) return free;
  return Math.max(0, Math.min(free, me.quota - (await repo.used(db, blockId, userId))));
}

/**
 * What keeps a reviewing subject from 阅卷完成 (lifecycle's done/check): marks not yet given, arbitrations
 * waiting for a leader, 问题卷 not yet settled.
 */
export async function doneCheck(
  db: Tx | Db,
  subjectId: number,
): Promise<{ unmarked: number; arbitration: number; problems: number }> {
  const [r] = rowsOf<{ unmarked: number; arbitration: number; problems: number }>(
    await db.execute(sql`select
      (count(*) filter (where slot <> ${MarkSlot.arbitration} and status in ('pending', 'leased')))::int as unmarked,
      (count(*) filter (where slot = ${MarkSlot.arbitration} and status in ('pending', 'leased')))::int as arbitration,
      (count(*) filter (where status = 'problem' and problem->>'resolution' is null))::int as problems
      from mark_task t where subject_id = ${subjectId}
        -- a paper deleted (rescanned, removed) after its tasks were made leaves nothing to mark
        and not exists (select 1 from paper p where p.id = t.paper_id and p.deleted_at is not null)`),
  );
  return { unmarked: r?.unmarked ?? 0, arbitration: r?.arbitration ?? 0, problems: r?.problems ?? 0 };
}

/** review/task: every block the user marks or leads, across exams, newest exam first. */
export async function reviewTasks(db: Db, userId: number): Promise<ReviewTaskItem[]> {
  const rows = rowsOf<{
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
  }>(
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
  // the block as a whole, by the one definition of its progress (marking-progress.repo)
  const progress = new Map(
    (await blockProgressCounts(db, [...new Set(rows.map((r) => r.block_id))], null)).map((c) => [
      c.blockId,
      c,
    ]),
  );
  return Promise.all(
    rows.map(async (r) => {
      const c = progress.get(r.block_id)!;
      const leader = r.role === ROLE_LEADER;
      const item: ReviewTaskItem = {
        examId: r.exam_id,
        examName: r.exam_name,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
        subjectStatus: r.status,
        blockId: r.block_id,
        blockName: r.block_name,
        role: leader ? 6 : 4,
        done: r.done,
        quota: (await repo.reviewer(db, r.block_id, userId, r.role))?.quota ?? null,
        left: await claimableCount(db, r.block_id, userId, r.role),
        blockDone: c.decided,
        blockTotal: c.papers,
        blockParts: { arbitration: c.arbitration, problems: c.problems, blanks: c.blanks },
        ...(r.groups ? { groups: r.groups } : {}),
        ...(r.blanks ? { blanks: r.blanks } : {}),
      };
      return leader ? { ...item, arbitration: r.arbitration, problems: r.problems } : item;
    }),
  );
}
