import { sql } from 'drizzle-orm';
import { allows, type MyHistoryItem, type Paged } from '@yj/contracts';
import type { z } from 'zod';
import type { myHistoryQuery } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { rowsOf } from './marking-final';
import { markFilters, markHistoryItem, submittedMarks, type SubmittedMarkRow } from './marking-history';

/**
 * /book/history: the user's own submitted marks across every block, searchable by score and time; each row
 * says whether 回评 may still change it (the subject's state). No student field: as on the marking screen.
 */
export async function myHistory(
  db: Db,
  userId: number,
  q: z.infer<typeof myHistoryQuery>,
): Promise<Paged<MyHistoryItem>> {
  const where = sql.join(
    [
      // through the user's blocks, so each is read by mark_task_user_idx (block, user, status) instead of a
      // scan of every mark; a block the user was taken off leaves the list, as its 回评 refuses them too
      sql`block_id = any(array(select r.block_id from block_reviewer r where r.user_id = ${userId}))
        and user_id = ${userId} and status = 'submitted'`,
      ...(q.blockId !== undefined ? [sql`block_id = ${q.blockId}`] : []),
      ...(q.taskId !== undefined ? [sql`id = ${q.taskId}`] : []),
      ...markFilters(q),
    ],
    sql` and `,
  );
  // deleted exams and subjects drop out of the list (and the count) like everywhere else
  const from = sql`${submittedMarks(where)} t
    join block b on b.id = t.block_id join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id`;
  const live = sql`s.deleted_at is null and e.deleted_at is null`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${from} where ${live}`),
  );
  const rows = rowsOf<
    SubmittedMarkRow & {
      block_id: number;
      block_name: string;
      subject_id: number;
      subject_name: string;
      status: number;
      exam_name: string;
    }
  >(
    await db.execute(sql`select t.id, t.score, t.question_scores, t.point_scores, t.marks, t.submitted_at,
        t.version, b.id as block_id, b.name as block_name, s.id as subject_id, s.name as subject_name, s.status,
        e.name as exam_name
      from ${from} where ${live}
      order by t.submitted_at desc, t.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  return {
    total: c?.n ?? 0,
    size: q.size,
    items: rows.map((r) => ({
      ...markHistoryItem(r, allows(r.status, 'changeMarks')),
      blockId: r.block_id,
      blockName: r.block_name,
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      examName: r.exam_name,
    })),
  };
}
/** /book/history for a user, on the module's handle (marking.module.ts). */
export type MyHistory = (userId: number, q: z.infer<typeof myHistoryQuery>) => Promise<Paged<MyHistoryItem>>;
