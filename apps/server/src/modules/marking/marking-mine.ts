import { sql } from 'drizzle-orm';
import { allows, type MarkAnnotation, type MyHistoryItem, type Paged } from '@yj/contracts';
import type { z } from 'zod';
import type { myHistoryQuery } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { rowsOf } from './marking-final';
import { imageUrl } from './marking.service';

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
      ...(q.minScore !== undefined ? [sql`score >= ${q.minScore}`] : []),
      ...(q.maxScore !== undefined ? [sql`score <= ${q.maxScore}`] : []),
      ...(q.from ? [sql`submitted_at >= ${q.from}::timestamptz`] : []),
      ...(q.to ? [sql`submitted_at <= ${q.to}::timestamptz`] : []),
    ],
    sql` and `,
  );
  // deleted exams and subjects drop out of the list (and the count) like everywhere else
  // the hidden papers of 质检 (standard_mark: 标准卷 and self re-sends) are listed like any other, as in 回评:
  // a marker must not tell them apart by their absence here
  const cols = sql`id, block_id, score, question_scores, point_scores, marks, submitted_at, version`;
  const from = sql`(select ${cols} from mark_task where ${where}
      union all select ${cols} from standard_mark where ${where}) t
    join block b on b.id = t.block_id join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id`;
  const live = sql`s.deleted_at is null and e.deleted_at is null`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${from} where ${live}`),
  );
  const rows = rowsOf<{
    id: number;
    score: string;
    question_scores: Record<string, number>;
    point_scores: Record<string, number[]> | null;
    marks: MarkAnnotation[];
    submitted_at: Date | string;
    version: number;
    block_id: number;
    block_name: string;
    subject_id: number;
    subject_name: string;
    status: number;
    exam_name: string;
  }>(
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
      taskId: r.id,
      score: Number(r.score),
      questionScores: r.question_scores,
      pointScores: r.point_scores,
      marks: r.marks,
      submittedAt: new Date(r.submitted_at).toISOString(),
      version: r.version,
      imageUrl: imageUrl(r.id),
      editable: allows(r.status, 'changeMarks'),
      blockId: r.block_id,
      blockName: r.block_name,
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      examName: r.exam_name,
    })),
  };
}
