import { MarkSlot, type ReviewTaskItem } from '@yj/contracts';
import type { Db, Tx } from '../../../infra/db';
import { blockProgressCounts } from '../overview/marking-progress.repo';
import { ROLE_LEADER } from '../rules/mark-rules';
import { claimable, openCounts, reviewTaskRows } from './marking-counts.repo';
import { markingRepo as repo } from './marking.repo';

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
  const free = await claimable(db, blockId, userId, slots, me);
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
  const r = await openCounts(db, subjectId);
  return { unmarked: r?.unmarked ?? 0, arbitration: r?.arbitration ?? 0, problems: r?.problems ?? 0 };
}

/** review/task: every block the user marks or leads, across exams, newest exam first. */
export async function reviewTasks(db: Db, userId: number): Promise<ReviewTaskItem[]> {
  const rows = await reviewTaskRows(db, userId);
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
