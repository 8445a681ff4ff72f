import { sql, type SQL } from 'drizzle-orm';
import {
  ExamRole,
  LEASE_MINUTES,
  MarkSlot,
  SubjectStatus,
  type BlockRegion,
  type MarkAnnotation,
  type MarkProblem,
} from '@yj/contracts';
import { effectiveQuota } from '../../reviewer/reviewer-context';
import { intArray, rowsOf, type Db, type Tx } from '../../../infra/db';
import { executePrepared } from '../../../infra/prepared';
import { readMarkRows, readPageMatrix, readPageStreaks } from '../../../db/stored';

// Raw reads of mark_task (and a block's regions) with their jsonb columns parsed as they leave the database.
const taskRows = (r: unknown) => readMarkRows(rowsOf<TaskRow>(r), 'mark_task');
const givenRows = (r: unknown) => readMarkRows(rowsOf<GivenMarkRow>(r), 'mark_task');
const imageRows = (r: unknown) => readMarkRows(rowsOf<ImageTaskRow>(r), 'mark_task image');

/** A block_reviewer row: the user's part in a block. */
export interface ReviewerRow {
  role: number;
  quota: number | null;
  school_id: number | null;
  class_ids: number[];
  /** with `lock` (a claim): the subject's status (null: deleted) */
  subject_status?: number | null;
  /** with `withDone` (the claim a submit makes): the user's marks in the block, as `done` counts them */
  done?: number;
}

export interface TaskRow {
  id: number;
  subject_id: number;
  block_id: number;
  paper_id: number;
  slot: number;
  /** the place in the pool (the claim's order) */
  pool_pos: number;
  status: string;
  user_id: number | null;
  lease_token: string | null;
  lease_until: Date | string | null;
  skipped_by: number[];
  version: number;
  score: string | null;
  question_scores: Record<string, number> | null;
  point_scores: Record<string, number[]> | null;
  marks: MarkAnnotation[];
  problem: MarkProblem | null;
  submitted_at: Date | string | null;
  /** a claim's rows: its block's regions and the paper's pages, what its image request needs (`handed`) */
  regions?: BlockRegion[] | null;
  pages?: TaskPage[];
}

/** A recognised page of a task's paper as the cut reads it (paper-image.repo.ts `pages`: the same rows, in order). */
export interface TaskPage {
  templatePage: number;
  storageKey: string;
  matrix: ReturnType<typeof readPageMatrix>;
  /** a typed page of an online paper: its blocks are cut by their typed regions (a paper subject's 补考) */
  online: boolean;
  /** scanner streaks recognition painted over (read only where scan_page.streaks > 0) */
  streaks: ReturnType<typeof readPageStreaks>;
}

/** The pages of task `t`'s paper, as `pages` (json): read with the task, the image request needs no statement of its own. */
export const TASK_PAGES = sql`(select coalesce(json_agg(json_build_object('templatePage', p.template_page,
    'storageKey', p.storage_key, 'matrix', p.result->'registration'->'matrix', 'id', p.id,
    'online', b.source = 'online',
    'streaks', case when p.streaks > 0 then p.result->'streaks' end) order by p.position), '[]')
  from scan_page p join scan_batch b on b.id = p.batch_id
  where p.paper_id = t.paper_id and p.template_page is not null) as pages`;

/** The pages `TASK_PAGES` read, their matrices parsed. */
const readPages = (raw: unknown): TaskPage[] =>
  (
    raw as Array<{
      templatePage: number;
      storageKey: string;
      matrix: unknown;
      id: number;
      online: boolean;
      streaks: unknown;
    }>
  ).map((p) => ({
    templatePage: p.templatePage,
    storageKey: p.storageKey,
    matrix: readPageMatrix(p.matrix, p.id),
    online: p.online === true,
    streaks: readPageStreaks(p.streaks, p.id),
  }));

/** Rows that read `TASK_PAGES`, their pages parsed (a row without them is left as it is). */
export function withPages<R extends { pages?: unknown }>(rows: R[]): R[] {
  for (const r of rows)
    if (r.pages !== undefined && r.pages !== null) r.pages = readPages(r.pages) as R['pages'];
  return rows;
}

/** Who may claim what: markers the ordinary slots, leaders the arbitration slot. */
/** A submitted mark of another slot of the paper, with its marker's name. */
export interface GivenMarkRow {
  slot: number;
  name: string;
  score: string;
  question_scores: Record<string, number>;
  point_scores: Record<string, number[]> | null;
}

/** What the image request reads of a task. */
export interface ImageTaskRow {
  paper_id: number;
  user_id: number | null;
  status: string;
  regions: BlockRegion[] | null;
  leader: boolean;
  pages: TaskPage[];
}

export interface ClaimFilter {
  blockId: number;
  userId: number;
  slots: number[];
  count: number;
  /** the user's effective quota: the claim stops at it (counted in the claim's statement, after the reviewer lock) */
  quota: number | null;
  schoolId: number | null;
  classIds: number[];
}

const LEASE = sql.raw(`interval '${LEASE_MINUTES} minutes'`);

/**
 * The claim's count written into its text (the contract allows 1 … 4; a bound checked here as the text is
 * built): the statement is prepared once per connection, and with `limit $n` PostgreSQL's generic plan guesses
 * a tenth of the pool, so every call was planned again.
 */
function countOf(f: ClaimFilter): SQL {
  if (!Number.isInteger(f.count) || f.count < 1 || f.count > 100) throw new Error(`claim count ${f.count}`);
  return sql.raw(String(f.count));
}

/** The candidates of one slot (or the expired leases) for the claim, in pool order, locked or skipped. */
function candidates(f: ClaimFilter, where: SQL): SQL {
  const school = f.schoolId === null ? sql`` : sql` and t.school_id = ${f.schoolId}`;
  const classes = f.classIds.length ? sql` and t.class_id = any(${intArray(f.classIds)})` : sql``;
  return sql`select t.id, t.paper_id, t.slot, t.pool_pos from mark_task t
    where t.block_id = ${f.blockId} and ${where} and not (${f.userId}::int = any(t.skipped_by))${school}${classes}
      and not exists (select 1 from paper p where p.id = t.paper_id and p.deleted_at is not null)
      and not exists (select 1 from mark_task o where o.block_id = t.block_id and o.paper_id = t.paper_id
        and o.user_id = ${f.userId} and o.id <> t.id)
    order by t.pool_pos limit ${countOf(f)} for update of t skip locked`;
}

/**
 * The claim (DESIGN.md §5) as parts of a statement: `ctes` the candidates and `picked` (up to `count` tasks),
 * `update` what leases them (`update mark_task t …`). Per slot the pool index is walked in pool order
 * (`pool_pos`: ids follow paper then slot, so a paper's second mark comes right after its first), rows another
 * claim holds are skipped, expired leases count as free; at most one slot per paper, third marks first.
 */
function claimParts(f: ClaimFilter): { ctes: SQL; update: SQL } {
  const parts = f.slots.map((s) => candidates(f, sql`t.slot = ${s} and t.status = 'pending'`));
  parts.push(
    candidates(f, sql`t.status = 'leased' and t.lease_until < now() and t.slot = any(${intArray(f.slots)})`),
  );
  const all = sql.raw(parts.map((_, i) => `select * from c${i}`).join(' union all '));
  const limit =
    f.quota === null
      ? countOf(f)
      : sql`greatest(0, least(${f.count}::int, ${f.quota}::int - ${usedCount(f.blockId, f.userId)}))`;
  const ctes = sql.join(
    [
      ...parts.map((p, i) => sql`${sql.raw(`c${i}`)} as (${p})`),
      sql`picked as (
        select id from (select distinct on (paper_id) id, slot, pool_pos from (${all}) a
          order by paper_id, pool_pos) b
        order by slot = ${MarkSlot.third} desc, pool_pos limit ${limit})`,
    ],
    sql`, `,
  );
  return {
    ctes,
    // with what the claimed paper's image request needs: it is then answered without a statement (`handed`)
    update: sql`set status = 'leased', user_id = ${f.userId}, lease_token = gen_random_uuid(),
        lease_until = now() + ${LEASE}
      from picked where t.id = picked.id
      returning t.*, (select b.regions from block b where b.id = t.block_id) as regions, ${TASK_PAGES}`,
  };
}

/** What a claim reads beside the reviewer row: the subject's status. */
const CLAIM_COLUMNS = sql`
  (select s.status from subject s where s.id = b.subject_id and s.deleted_at is null) as subject_status,`;

/**
 * The user's submitted marks in the block: what the task triggers keep in `mark_stat` (migration 0018; `done`
 * slots 1–3, `arb_done` arbitrations, per school of the papers), read by primary key. Counting the tasks read
 * every mark the marker ever gave on each claim, and a busy marker's claim grew with the day's work.
 */
const submittedMarks = (blockId: number, userId: number, column: SQL) =>
  sql`(select coalesce(sum(${column}), 0) from mark_stat where block_id = ${blockId} and user_id = ${userId})`;

/** The user's submitted marks in the block, 标准卷 of 质检 too: the marker's 已阅 must not tell them apart. */
const doneCount = (blockId: number, userId: number) =>
  sql`(${submittedMarks(blockId, userId, sql`done + arb_done`)} + (select count(*) from standard_mark
  where block_id = ${blockId} and user_id = ${userId} and status = 'submitted'))::int`;

/** Tasks the user holds or has marked in the block: what a quota counts (arbitrations are not marks). */
const usedCount = (blockId: number, userId: number) =>
  sql`(${submittedMarks(blockId, userId, sql`done`)} + (select count(*) from mark_task
  where block_id = ${blockId} and user_id = ${userId} and status = 'leased' and slot <> ${MarkSlot.arbitration}
    and lease_until >= now()))::int`;

/** What the reviewer statement reads: the row, its block's assignment and the counts of an average split. */
export type ReviewerRead = ReviewerRow & {
  assign_mode: string;
  mark_count: number;
  block_quota: number | null;
  markers: number;
  papers: number;
  done?: number;
};

/** The reviewer row's columns beside its block's (`r` block_reviewer, `b` block), as `reviewerOf` reads them. */
export const reviewerColumns = sql`r.role, r.quota, r.school_id, r.class_ids, b.assign_mode, b.mark_count,
  b.quota as block_quota,
  (select count(*) from block_reviewer x where x.block_id = r.block_id and x.role = ${ExamRole.reviewers})::int
    as markers,`;
/** An average split's papers: the block's slot-1 tasks, from the per-school counters of the task triggers. */
export const reviewerPapers = sql`(case when b.assign_mode = 'average' then (select coalesce(sum(x.papers), 0)
  from mark_stat_total x where x.block_id = r.block_id) else 0 end)::int as papers`;

/** The reviewer row as read, its quota the effective one (reviewer-context.ts). */
export function reviewerOf(r: ReviewerRead, role: number, lock = false, withDone = false): ReviewerRow {
  const block = { assignMode: r.assign_mode, markCount: r.mark_count, quota: r.block_quota };
  return {
    role: r.role,
    quota: role === ExamRole.reviewers ? effectiveQuota(block, r.quota, r.papers, r.markers) : null,
    school_id: r.school_id,
    class_ids: r.class_ids,
    ...(lock ? { subject_status: r.subject_status ?? null } : {}),
    ...(withDone ? { done: r.done ?? 0 } : {}),
  };
}

/** SQL of marking: the claim, the lease checks, counts. Each function runs on the caller's transaction. */
export const markingRepo = {
  /**
   * The user's block_reviewer row in that role, `quota` the effective one of the assign module (an average
   * share of the papers in the pool, a free claim without its own quota the block's; leaders none).
   * `lock`: the row is locked for the caller's transaction; `withDone`: the user's `done` read in the same
   * statement (a submit that claims the next paper answers both without another round trip). An average
   * split's papers are the block's slot-1 tasks, read from the counters the task triggers keep per school
   * (`mark_stat_total`, migration 0018): counting the tasks cost ~100,000 index entries a claim at city size.
   */
  async reviewer(
    tx: Tx | Db,
    blockId: number,
    userId: number,
    role: number,
    lock = false,
    withDone = false,
  ): Promise<ReviewerRow | null> {
    const [r] = rowsOf<ReviewerRead>(
      await executePrepared(
        tx,
        sql`select ${reviewerColumns}${lock ? CLAIM_COLUMNS : sql``}${withDone ? sql` ${doneCount(blockId, userId)} as done,` : sql``}
        ${reviewerPapers}
        from block_reviewer r join block b on b.id = r.block_id
        where r.block_id = ${blockId} and r.user_id = ${userId} and r.role = ${role}${lock ? sql` for update of r` : sql``}`,
      ),
    );
    return r ? reviewerOf(r, role, lock, withDone) : null;
  },

  async roles(db: Tx | Db, blockId: number, userId: number): Promise<number[]> {
    return rowsOf<{ role: number }>(
      await db.execute(
        sql`select role from block_reviewer where block_id = ${blockId} and user_id = ${userId}`,
      ),
    ).map((r) => r.role);
  },

  /** Tasks the user holds or has marked in the block: what a quota counts. */
  async used(tx: Tx | Db, blockId: number, userId: number): Promise<number> {
    const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select ${usedCount(blockId, userId)} as n`));
    return r?.n ?? 0;
  },

  async done(tx: Tx | Db, blockId: number, userId: number): Promise<number> {
    const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select ${doneCount(blockId, userId)} as n`));
    return r?.n ?? 0;
  },

  /**
   * The claim (DESIGN.md §5): up to `count` tasks leased in ONE statement. Per slot the pool index is walked
   * in pool order (`pool_pos`: ids follow paper then slot, so a paper's second mark comes right after its first), rows
   * another claim holds are skipped, expired leases count as free; at most one slot per paper, third marks first.
   */
  async claim(tx: Tx, f: ClaimFilter): Promise<TaskRow[]> {
    const c = claimParts(f);
    return withPages(
      taskRows(await executePrepared(tx, sql`with ${c.ctes} update mark_task t ${c.update}`)),
    ).sort((a, b) => a.id - b.id);
  },

  /**
   * A submit's second statement (issue 35): finalize's writes (`writes`, marking-final.ts `planned`) run as
   * parts of the claim of the following paper (none when `f` is null), and the user's done count read after the
   * submit: one round trip. The writes touch only the submitted paper, which the claim never picks (the user
   * holds a slot of it). Answers the claimed rows and the done count.
   */
  async claimAfter(
    run: (q: SQL) => Promise<unknown>,
    blockId: number,
    userId: number,
    writes: SQL[],
    f: ClaimFilter | null,
  ): Promise<{ rows: TaskRow[]; done: number }> {
    const parts = writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
    const c = f ? claimParts(f) : null;
    if (c) parts.push(c.ctes, sql`claimed as (update mark_task t ${c.update})`);
    const ctes = parts.length ? sql`with ${sql.join(parts, sql`, `)} ` : sql``;
    const rows = rowsOf<TaskRow & { done_now: number }>(
      await run(
        c
          ? sql`${ctes}select c.*, d.done_now from (select ${doneCount(blockId, userId)} as done_now) d
            left join claimed c on true`
          : sql`${ctes}select ${doneCount(blockId, userId)} as done_now`,
      ),
    );
    const done = rows[0]?.done_now ?? 0;
    const claimed = withPages(
      readMarkRows(
        rows.filter((r) => r.id !== null && r.id !== undefined).map(({ done_now: _, ...r }) => r as TaskRow),
        'mark_task',
      ),
    );
    return { rows: claimed.sort((a, b) => a.id - b.id), done };
  },

  /** The user's leases in the block still running (a replayed submit with next gets one back, not a new one). */
  async held(tx: Tx | Db, blockId: number, userId: number, slots: number[]): Promise<TaskRow[]> {
    return taskRows(
      await tx.execute(sql`select * from mark_task where block_id = ${blockId} and user_id = ${userId}
        and status = 'leased' and lease_until > now() and slot = any(${intArray(slots)})
        order by id`),
    );
  },

  async task(db: Tx | Db, taskId: number, lock = false): Promise<TaskRow | null> {
    const [r] = taskRows(
      await db.execute(sql`select * from mark_task where id = ${taskId}${lock ? sql` for update` : sql``}`),
    );
    return r ?? null;
  },

  async subjectStatus(db: Tx | Db, subjectId: number): Promise<number | null> {
    const [r] = rowsOf<{ status: number }>(
      await db.execute(sql`select status from subject where id = ${subjectId} and deleted_at is null`),
    );
    return r?.status ?? null;
  },

  /** Back to the pool: nobody holds it; a skip also keeps it from the marker who skipped. */
  async release(tx: Tx, taskId: number, skippedBy: number | null): Promise<void> {
    await tx.execute(sql`update mark_task set status = 'pending', user_id = null, lease_token = null,
      lease_until = null${skippedBy === null ? sql`` : sql`, skipped_by = array_append(skipped_by, ${skippedBy}::int)`}
      where id = ${taskId}`);
  },

  async extend(tx: Tx, taskId: number): Promise<string> {
    const [r] = rowsOf<{ lease_until: Date | string }>(
      await tx.execute(sql`update mark_task set status = 'leased', lease_until = now() + ${LEASE}
        where id = ${taskId} returning lease_until`),
    );
    return new Date(r!.lease_until).toISOString();
  },

  async flag(tx: Tx, taskId: number, problem: object): Promise<void> {
    await tx.execute(sql`update mark_task set status = 'problem', lease_until = null,
      problem = ${JSON.stringify(problem)}::jsonb where id = ${taskId}`);
  },

  /**
   * Expired leases back to the pool. Holder and token stay on the row, so a late submit is still recognised
   * until another marker claims the task.
   */
  async recycle(db: Tx | Db): Promise<number> {
    // rows a submit or claim holds are left for the next run: the job never waits on a marker
    const r = await db.execute(sql`update mark_task set status = 'pending'
      where id in (select id from mark_task where status = 'leased' and lease_until < now()
        for update skip locked)`);
    return (r as { rowCount?: number | null }).rowCount ?? 0;
  },

  /** The marks already given on the paper in the block, with the markers' names (arbitration shows them). */
  async givenMarks(db: Tx | Db, blockId: number, paperId: number): Promise<GivenMarkRow[]> {
    return givenRows(
      await db.execute(sql`select t.slot, u.name, t.score, t.question_scores, t.point_scores
        from mark_task t join "user" u on u.id = t.user_id
        where t.block_id = ${blockId} and t.paper_id = ${paperId} and t.status = 'submitted'
          and t.slot <> ${MarkSlot.arbitration} order by t.slot`),
    );
  },

  /** The subject's and its exam's names (the marking screen's title). */
  async names(db: Tx | Db, subjectId: number): Promise<{ subject_name: string; exam_name: string } | null> {
    const [s] = rowsOf<{ subject_name: string; exam_name: string }>(
      await db.execute(sql`select s.name as subject_name, e.name as exam_name
        from subject s join exam e on e.id = s.exam_id where s.id = ${subjectId}`),
    );
    return s ?? null;
  },

  /**
   * The task, its block's regions, its paper's pages and whether the user leads the block: one statement (an
   * image request the pool did not answer from its claim).
   */
  async imageTask(db: Tx | Db, taskId: number, userId: number): Promise<ImageTaskRow | null> {
    const [t] = withPages(
      imageRows(
        await executePrepared(
          db,
          sql`select t.paper_id, t.user_id, t.status, b.regions, ${TASK_PAGES},
          exists (select 1 from block_reviewer r where r.block_id = t.block_id and r.user_id = ${userId}
            and r.role = ${ExamRole.leaders}) as leader
          from mark_task t left join block b on b.id = t.block_id where t.id = ${taskId}`,
        ),
      ),
    );
    return t ?? null;
  },

  /** Of these subjects, those noted for the minute sweep (migration 0052), the notes taken (deleted). */
  async takeSweepDue(db: Db, subjectIds: number[]): Promise<number[]> {
    if (!subjectIds.length) return [];
    return rowsOf<{ subject_id: number }>(
      await db.execute(sql`delete from mark_sweep_due where subject_id = any(${intArray(subjectIds)})
        returning subject_id`),
    ).map((r) => r.subject_id);
  },

  /** The subjects noted for the next minute sweep again (their sweep failed). */
  async noteSweepDue(db: Db, subjectIds: number[]): Promise<void> {
    await db.execute(sql`insert into mark_sweep_due (subject_id)
      select unnest(${intArray(subjectIds)}) on conflict do nothing`);
  },

  /** The subjects being marked now (the pool's minute job makes the tasks of papers recognised since). */
  async reviewingSubjects(db: Db): Promise<number[]> {
    return rowsOf<{ id: number }>(
      await db.execute(sql`select id from subject where status = ${SubjectStatus.reviewing}
        and deleted_at is null`),
    ).map((s) => s.id);
  },
};
