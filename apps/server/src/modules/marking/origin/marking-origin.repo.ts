import { sql, type SQL } from 'drizzle-orm';
import { ExamRole, type BlockRegion } from '@yj/contracts';
import { rowsOf, type Db } from '../../../infra/db';

/** The paper and block behind an id a user names, and whether it is theirs or of a block they lead. */
export interface OriginTargetRow {
  paper_id: number;
  block_id: number;
  own: boolean;
  leader: boolean;
}

/**
 * A card page of a paper with its registration and the template it was read with (its batch's; none for an
 * online paper's typed pages, whose batch has no template).
 */
export interface OriginPageRow {
  id: number;
  template_page: number;
  storage_key: string;
  matrix: unknown;
  template_id: number | null;
  body: unknown;
}

const leads = (block: SQL, userId: number) => sql`exists (select 1 from block_reviewer r
  where r.block_id = ${block} and r.user_id = ${userId} and r.role = ${ExamRole.leaders})`;

/**
 * A marking task (own: held or submitted, not sent to the leaders as 问题卷) or a 标准卷 of 质检 (same id
 * sequence: own when handed to the user). `leadChecked`: the caller has already checked that the user leads the
 * task's block or manages its subject (查看整卷 of a 问题卷), so the task counts as led.
 */
export async function taskTarget(
  db: Db,
  taskId: number,
  userId: number,
  leadChecked = false,
): Promise<OriginTargetRow | null> {
  const [t] = rowsOf<OriginTargetRow>(
    await db.execute(sql`select t.paper_id, t.block_id,
        (t.user_id = ${userId} and t.status <> 'problem') as own,
        ${leadChecked ? sql`true` : leads(sql`t.block_id`, userId)} as leader
      from mark_task t where t.id = ${taskId}
      union all
      select sp.paper_id, m.block_id, m.user_id = ${userId}, false
      from standard_mark m join sample_paper sp on sp.id = m.sample_paper_id where m.id = ${taskId}`),
  );
  return t ?? null;
}

/** A 试评 mark: the marker's own (leased or submitted), or a trial paper of a block the user leads. */
export async function trialTarget(db: Db, markId: number, userId: number): Promise<OriginTargetRow | null> {
  const [t] = rowsOf<OriginTargetRow>(
    await db.execute(sql`select tp.paper_id, m.block_id, m.user_id = ${userId} as own,
        ${leads(sql`m.block_id`, userId)} as leader
      from trial_mark m join trial_paper tp on tp.id = m.trial_paper_id where m.id = ${markId}`),
  );
  return t ?? null;
}

/** The live paper's card pages, in page order, each with the template it was read with (if any). */
export async function paperPages(db: Db, paperId: number): Promise<OriginPageRow[]> {
  return rowsOf<OriginPageRow>(
    await db.execute(sql`select p.id, p.template_page, p.storage_key,
        p.result->'registration'->'matrix' as matrix, t.id as template_id, t.body
      from scan_page p join scan_batch b on b.id = p.batch_id left join template t on t.id = b.template_id
      where p.paper_id = ${paperId} and p.template_page is not null
        and exists (select 1 from paper x where x.id = p.paper_id and x.deleted_at is null)
      order by p.template_page, p.position`),
  );
}

export async function subjectName(db: Db, subjectId: number): Promise<string> {
  const [s] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from subject where id = ${subjectId}`),
  );
  return s?.name ?? '';
}

export async function blockRegions(db: Db, blockId: number): Promise<BlockRegion[]> {
  const [b] = rowsOf<{ regions: BlockRegion[] | null }>(
    await db.execute(sql`select regions from block where id = ${blockId}`),
  );
  return b?.regions ?? [];
}
