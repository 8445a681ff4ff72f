import { sql, type SQL } from 'drizzle-orm';
import type { MarkAnnotation } from '@yj/contracts';
import { rowsOf, type Db, type Tx } from '../../../infra/db';
import { readMarkRows } from '../../../db/stored';

/** A submitted mark as 回评 lists it (from mark_task or, for the hidden papers of 质检, standard_mark). */
export interface SubmittedMarkRow {
  id: number;
  score: string;
  question_scores: Record<string, number>;
  point_scores: Record<string, number[]> | null;
  marks: MarkAnnotation[];
  submitted_at: Date | string;
  version: number;
}

/** A submitted mark of /book/history: with its block, subject (and its state) and exam. */
export type MyMarkRow = SubmittedMarkRow & {
  block_id: number;
  block_name: string;
  subject_id: number;
  subject_name: string;
  status: number;
  exam_name: string;
};

/** The score and time filters of 回评 and /book/history. */
export interface MarkFilters {
  minScore?: number;
  maxScore?: number;
  from?: string;
  to?: string;
}

/** A page of a list. */
export interface PageOf {
  page: number;
  size: number;
}

/** The score and time filters of 回评 and /book/history, on a submitted-mark row. */
function markFilters(q: MarkFilters): SQL[] {
  return [
    ...(q.minScore !== undefined ? [sql`score >= ${q.minScore}`] : []),
    ...(q.maxScore !== undefined ? [sql`score <= ${q.maxScore}`] : []),
    ...(q.from ? [sql`submitted_at >= ${q.from}::timestamptz`] : []),
    ...(q.to ? [sql`submitted_at <= ${q.to}::timestamptz`] : []),
  ];
}

/**
 * A marker's submitted marks matching `where`, as one relation: the hidden papers of 质检 (standard_mark: 标准卷
 * and self re-sends) are listed like any other, so a marker cannot tell them apart by their absence.
 */
const submittedMarks = (where: SQL) => {
  const cols = sql`id, block_id, score, question_scores, point_scores, marks, submitted_at, version`;
  return sql`(select ${cols} from mark_task where ${where} union all select ${cols} from standard_mark where ${where})`;
};

/** The user's submitted marks of a block (回评), filtered. */
const ownMarks = (blockId: number, userId: number, q: MarkFilters) =>
  submittedMarks(
    sql.join(
      [sql`block_id = ${blockId} and user_id = ${userId} and status = 'submitted'`, ...markFilters(q)],
      sql` and `,
    ),
  );

/** The status of the block's subject, null when there is no such block. */
export async function blockSubjectStatus(db: Db, blockId: number): Promise<number | null> {
  const [b] = rowsOf<{ status: number }>(
    await db.execute(sql`select s.status from block b join subject s on s.id = b.subject_id
      where b.id = ${blockId}`),
  );
  return b?.status ?? null;
}

/** A page of the user's marks of a block, newest first, each row with the count of all that match. */
export async function ownMarksPage(
  db: Db,
  blockId: number,
  userId: number,
  q: MarkFilters & PageOf,
): Promise<Array<SubmittedMarkRow & { total: number }>> {
  return readMarkRows(
    rowsOf<SubmittedMarkRow & { total: number }>(
      await db.execute(sql`select id, score, question_scores, point_scores, marks, submitted_at, version,
      (count(*) over ())::int as total
      from ${ownMarks(blockId, userId, q)} h order by submitted_at desc, id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
    ),
    'submitted mark',
  );
}

/** How many of the user's marks of a block match. */
export async function ownMarksCount(
  db: Db,
  blockId: number,
  userId: number,
  q: MarkFilters,
): Promise<number> {
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${ownMarks(blockId, userId, q)} h`),
  );
  return c?.n ?? 0;
}

/** A change of a submitted mark: kept in mark_task_change, then written with the next version. */
export async function modifyMark(
  tx: Tx,
  taskId: number,
  userId: number,
  before: object,
  after: {
    score: number;
    questionScores: Record<string, number>;
    pointScores: Record<string, number[]> | null;
    marks: unknown;
    version: number;
  },
): Promise<void> {
  await tx.execute(sql`insert into mark_task_change (task_id, user_id, action, before, after)
    values (${taskId}, ${userId}, 'modify', ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`);
  await tx.execute(sql`update mark_task set score = ${after.score},
    question_scores = ${JSON.stringify(after.questionScores)}::jsonb,
    point_scores = ${after.pointScores === null ? null : JSON.stringify(after.pointScores)}::jsonb,
    marks = ${JSON.stringify(after.marks)}::jsonb, version = version + 1
    where id = ${taskId}`);
}

/**
 * The user's submitted marks across every block (/book/history), filtered, newest first, with the count of all
 * that match. Deleted exams and subjects drop out of the list and the count like everywhere else.
 */
export async function myMarks(
  db: Db,
  userId: number,
  q: MarkFilters & PageOf & { blockId?: number; taskId?: number },
): Promise<{ total: number; rows: MyMarkRow[] }> {
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
  const from = sql`${submittedMarks(where)} t
    join block b on b.id = t.block_id join subject s on s.id = b.subject_id join exam e on e.id = s.exam_id`;
  const live = sql`s.deleted_at is null and e.deleted_at is null`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${from} where ${live}`),
  );
  const rows = rowsOf<MyMarkRow>(
    await db.execute(sql`select t.id, t.score, t.question_scores, t.point_scores, t.marks, t.submitted_at,
        t.version, b.id as block_id, b.name as block_name, s.id as subject_id, s.name as subject_name, s.status,
        e.name as exam_name
      from ${from} where ${live}
      order by t.submitted_at desc, t.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  return { total: c?.n ?? 0, rows: readMarkRows(rows, 'mark_task') };
}
