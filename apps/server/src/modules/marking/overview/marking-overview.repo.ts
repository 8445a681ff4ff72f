import { sql, type SQL } from 'drizzle-orm';
import { MarkSlot } from '@yj/contracts';
import type { z } from 'zod';
import type { blockPapersQuery } from '@yj/contracts';
import { intArray, likeAnywhere, rowsOf, type Db } from '../../../infra/db';
import type { LeadSchool } from '../lead/marking-lead.repo';

const schoolSql = (col: SQL, school: LeadSchool) => (school === null ? sql`true` : sql`${col} = ${school}`);

export interface PaperFoundRow {
  id: number;
  kaohao: string | null;
  name: string | null;
  class_name: string | null;
  school_name: string;
}

export interface BlockPaperRow {
  id: number;
  kaohao: string | null;
  name: string | null;
  class_name: string | null;
  score: string | null;
  source: string | null;
}

export interface PaperSlotRow {
  id: number;
  paper_id: number;
  slot: number;
  status: string;
  marker: string | null;
  score: string | null;
}

export interface ProblemCountRow {
  block_id: number;
  school_id: number | null;
  open: number;
  score: number;
  back: number;
  scan: number;
}

/** A page of the subject's papers (of `schools`, null: all) whose 考号 or student name contains the keyword. */
export async function findPapers(
  db: Db,
  subjectId: number,
  schools: number[] | null,
  q: { keyword: string; page: number; size: number },
): Promise<{ total: number; rows: PaperFoundRow[] }> {
  const where = sql`x.subject_id = ${subjectId} and x.deleted_at is null
    and ${schools === null ? sql`true` : sql`x.school_id = any(${intArray(schools)})`}
    and (x.kaohao ilike ${likeAnywhere(q.keyword)} or st.name ilike ${likeAnywhere(q.keyword)})`;
  const from = sql`paper x join school sc on sc.id = x.school_id
    left join examinee en on en.id = x.examinee_id left join student st on st.id = en.student_id
    left join class bj on bj.id = en.class_id`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
  );
  const rows = rowsOf<PaperFoundRow>(
    await db.execute(sql`select x.id, x.kaohao, st.name, bj.name as class_name, sc.name as school_name
      from ${from} where ${where} order by x.kaohao nulls last, x.id
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  return { total: c?.n ?? 0, rows };
}

/** A page of the block's papers (of the school, null: all), filtered, in 考号 order, with their block scores. */
export async function blockPapers(
  db: Db,
  blockId: number,
  school: LeadSchool,
  q: z.infer<typeof blockPapersQuery>,
): Promise<{ total: number; rows: BlockPaperRow[] }> {
  const state: Record<typeof q.state, SQL> = {
    all: sql`true`,
    decided: sql`bs.paper_id is not null`,
    undecided: sql`bs.paper_id is null`,
    arbitration: sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
      and a.slot = ${MarkSlot.arbitration} and a.status <> 'submitted')`,
    problem: sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
      and a.status = 'problem' and a.problem->>'resolution' is null)`,
  };
  const where = sql.join(
    [
      sql`x.deleted_at is null and ${schoolSql(sql`x.school_id`, school)}`,
      sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id)`,
      state[q.state],
      ...(q.markerId !== undefined
        ? [
            sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
              and a.user_id = ${q.markerId} and a.status = 'submitted')`,
          ]
        : []),
      ...(q.minScore !== undefined ? [sql`bs.score >= ${q.minScore}`] : []),
      ...(q.maxScore !== undefined ? [sql`bs.score <= ${q.maxScore}`] : []),
      ...(q.kaohao ? [sql`x.kaohao ilike ${likeAnywhere(q.kaohao)}`] : []),
    ],
    sql` and `,
  );
  const from = sql`paper x left join block_score bs on bs.block_id = ${blockId} and bs.paper_id = x.id
    left join examinee en on en.id = x.examinee_id left join student st on st.id = en.student_id
    left join class bj on bj.id = en.class_id`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
  );
  const rows = rowsOf<BlockPaperRow>(
    await db.execute(sql`select x.id, x.kaohao, st.name, bj.name as class_name, bs.score, bs.source
      from ${from} where ${where} order by x.kaohao nulls last, x.id
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
  );
  return { total: c?.n ?? 0, rows };
}

/** The tasks of the papers in the block, with their markers' names, in paper then slot order. */
export async function paperSlots(db: Db, blockId: number, paperIds: number[]): Promise<PaperSlotRow[]> {
  if (!paperIds.length) return [];
  return rowsOf<PaperSlotRow>(
    await db.execute(sql`select t.id, t.paper_id, t.slot, t.status, u.name as marker, t.score
      from mark_task t left join "user" u on u.id = t.user_id
      where t.block_id = ${blockId} and t.paper_id = any(${intArray(paperIds)})
      order by t.paper_id, t.slot, t.id`),
  );
}

/** The blocks' 问题卷 per block and school: open, and settled each way. */
export async function problemCounts(db: Db, blockIds: number[]): Promise<ProblemCountRow[]> {
  return rowsOf<ProblemCountRow>(
    await db.execute(sql`select t.block_id, t.school_id,
        (count(*) filter (where t.problem->>'resolution' is null))::int as open,
        (count(*) filter (where t.problem->>'resolution' = 'score'))::int as score,
        (count(*) filter (where t.problem->>'resolution' = 'back'))::int as back,
        (count(*) filter (where t.problem->>'resolution' = 'scan'))::int as scan
      from mark_task t
      where t.block_id = any(${intArray(blockIds)}) and t.problem is not null
      group by t.block_id, t.school_id`),
  );
}

export async function blockNames(db: Db, blockIds: number[]): Promise<Array<{ id: number; name: string }>> {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from block where id = any(${intArray(blockIds)})`),
  );
}
