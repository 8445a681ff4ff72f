import { sql } from 'drizzle-orm';
import { MarkSlot, type IntelligentRunKind, type IntelligentRunView } from '@yj/contracts';
import { intArray, rowsOf, type Db, type Tx } from '../../infra/db';
import { readBlockRegions } from '../../db/stored';

type Conn = Db | Tx;
/** papers of one school only, when the leader leads the block for one */
const inSchool = (school: number | null) => (school === null ? sql`true` : sql`t.school_id = ${school}`);

interface RunRow {
  id: number;
  block_id: number;
  kind: IntelligentRunKind;
  status: IntelligentRunView['status'];
  total: number;
  done: number;
  found: number;
  error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
export const runView = (r: RunRow): IntelligentRunView => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  total: r.total,
  done: r.done,
  found: r.found,
  error: r.error,
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
});

/**
 * Papers still wholly in the pool: every mark slot of the block pending (nobody holds or has marked one), no
 * third mark or arbitration, no block score. Only these are measured, scored 0 or grouped.
 */
const untouched = sql`not exists (select 1 from mark_task o where o.block_id = t.block_id and o.paper_id = t.paper_id
    and (o.status <> 'pending' or o.slot > ${MarkSlot.second}))
  and not exists (select 1 from block_score bs where bs.block_id = t.block_id and bs.paper_id = t.paper_id)`;

/**
 * A grouped paper (alias p) still the group's to score: no final score, no mark slot held (a live lease) or
 * flagged as 问题卷 by a marker of the ordinary pool.
 */
export const groupWaiting = sql`not exists (select 1 from block_score bs where bs.block_id = p.block_id
    and bs.paper_id = p.paper_id)
  and not exists (select 1 from mark_task o where o.block_id = p.block_id and o.paper_id = p.paper_id
    and (o.status = 'problem' or (o.status = 'leased' and o.lease_until > now())))`;

export function intelligentRepo(db: Conn) {
  return {
    /** The block with its subject's state, the subject row locked against a state change (as 重置阅卷 locks it). */
    async lockedBlock(blockId: number) {
      const [b] = rowsOf<{ status: number; exam_id: number; name: string; mark_count: number }>(
        await db.execute(sql`select s.status, s.exam_id, b.name, b.mark_count from block b
          join subject s on s.id = b.subject_id and s.deleted_at is null
          where b.id = ${blockId} for no key update of s`),
      );
      return b ?? null;
    },

    /** The block row locked: two clicks starting a run of one block serialise on it. */
    async lockBlock(blockId: number): Promise<void> {
      await db.execute(sql`select id from block where id = ${blockId} for update`);
    },

    async subject(subjectId: number) {
      const [s] = rowsOf<{ status: number; exam_id: number }>(
        await db.execute(
          sql`select status, exam_id from subject where id = ${subjectId} and deleted_at is null`,
        ),
      );
      return s ?? null;
    },

    async block(blockId: number) {
      const [b] = rowsOf<{ subject_id: number; regions: unknown }>(
        await db.execute(sql`select subject_id, regions from block where id = ${blockId}`),
      );
      return b ? { subject_id: b.subject_id, regions: readBlockRegions(b.regions, blockId) } : null;
    },

    /** The block with its subject's state and whether `userId` marks or leads it (block_reviewer). */
    async markedBlock(blockId: number, userId: number) {
      const [b] = rowsOf<{
        name: string;
        subject_id: number;
        status: number;
        regions: unknown;
        mine: boolean;
      }>(
        await db.execute(sql`select b.name, b.subject_id, s.status, b.regions,
            exists (select 1 from block_reviewer r where r.block_id = b.id and r.user_id = ${userId}) as mine
          from block b join subject s on s.id = b.subject_id and s.deleted_at is null where b.id = ${blockId}`),
      );
      return b ? { ...b, regions: readBlockRegions(b.regions, blockId) } : null;
    },

    /** The block with its subject's state, once per part `userId` has in it (the school each part is narrowed to). */
    reviewerParts: async (blockId: number, userId: number) =>
      rowsOf<{
        name: string;
        subject_id: number;
        status: number;
        regions: unknown;
        school_id: number | null;
      }>(
        await db.execute(sql`select b.name, b.subject_id, s.status, b.regions, r.school_id
          from block b join subject s on s.id = b.subject_id and s.deleted_at is null
          join block_reviewer r on r.block_id = b.id and r.user_id = ${userId}
          where b.id = ${blockId}`),
      ).map((p) => ({ ...p, regions: readBlockRegions(p.regions, blockId) })),

    /** Runs a stop left queued or running. */
    openRuns: async () =>
      rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from intelligent_run where status in ('queued', 'running') order by id`,
        ),
      ),

    /** The settings of the blocks (a block without a row: both parts off). */
    async settings(blockIds: number[]) {
      if (!blockIds.length) return [];
      return rowsOf<{ block_id: number; name: string; nos: string[]; blank: boolean; grouping: boolean }>(
        await db.execute(sql`select b.id as block_id, b.name, b.nos, coalesce(i.blank, false) as blank,
            coalesce(i.grouping, false) as grouping
          from block b left join block_intelligent i on i.block_id = b.id
          where b.id = any(${intArray(blockIds)}) order by b.sort, b.id`),
      );
    },

    async setting(blockId: number) {
      const [r] = await this.settings([blockId]);
      return r ?? null;
    },

    async saveSetting(blockId: number, blank: boolean, grouping: boolean, userId: number) {
      await db.execute(sql`insert into block_intelligent (block_id, blank, grouping, updated_by)
        values (${blockId}, ${blank}, ${grouping}, ${userId})
        on conflict (block_id) do update set blank = excluded.blank, grouping = excluded.grouping,
          updated_by = excluded.updated_by, updated_at = now()`);
    },

    /** The newest run of each kind of the blocks. */
    async latestRuns(blockIds: number[]): Promise<RunRow[]> {
      if (!blockIds.length) return [];
      return rowsOf<RunRow>(
        await db.execute(sql`select distinct on (block_id, kind) * from intelligent_run
          where block_id = any(${intArray(blockIds)}) order by block_id, kind, id desc`),
      );
    },

    async run(runId: number): Promise<RunRow | null> {
      return (
        rowsOf<RunRow>(await db.execute(sql`select * from intelligent_run where id = ${runId}`))[0] ?? null
      );
    },

    /** A run still queued or running for the block and kind (one at a time). */
    async activeRun(blockId: number, kind: IntelligentRunKind): Promise<RunRow | null> {
      return (
        rowsOf<RunRow>(
          await db.execute(sql`select * from intelligent_run where block_id = ${blockId} and kind = ${kind}
            and status in ('queued', 'running') order by id desc limit 1`),
        )[0] ?? null
      );
    },

    async createRun(blockId: number, kind: IntelligentRunKind, userId: number): Promise<RunRow> {
      return rowsOf<RunRow>(
        await db.execute(sql`insert into intelligent_run (block_id, kind, started_by)
          values (${blockId}, ${kind}, ${userId}) returning *`),
      )[0]!;
    },

    async progress(
      runId: number,
      p: { status?: string; total?: number; done?: number; found?: number; error?: string },
    ) {
      await db.execute(sql`update intelligent_run set status = coalesce(${p.status ?? null}, status),
          total = coalesce(${p.total ?? null}::int, total), done = coalesce(${p.done ?? null}::int, done),
          found = coalesce(${p.found ?? null}::int, found), error = coalesce(${p.error ?? null}, error),
          finished_at = case when ${p.status ?? null}::text in ('done', 'failed') then now() else finished_at end
        where id = ${runId}`);
    },

    /** Papers of the block wholly in the pool, for a blank run (those already decided left out). */
    async blankCandidates(blockId: number): Promise<number[]> {
      return rowsOf<{ paper_id: number }>(
        await db.execute(sql`select t.paper_id from mark_task t where t.block_id = ${blockId}
            and t.slot = ${MarkSlot.first} and ${untouched}
            and not exists (select 1 from intelligent_blank ib where ib.block_id = t.block_id
              and ib.paper_id = t.paper_id and ib.state <> 'measured')
          order by t.paper_id`),
      ).map((r) => r.paper_id);
    },

    /** Papers of the block wholly in the pool, not scored 0 as blank and in no group waiting: a group run. */
    async groupCandidates(blockId: number): Promise<number[]> {
      return rowsOf<{ paper_id: number }>(
        await db.execute(sql`select t.paper_id from mark_task t where t.block_id = ${blockId}
            and t.slot = ${MarkSlot.first} and ${untouched}
            and not exists (select 1 from intelligent_blank ib where ib.block_id = t.block_id
              and ib.paper_id = t.paper_id and ib.blank and ib.state <> 'returned')
            and not exists (select 1 from intelligent_group_paper g where g.block_id = t.block_id
              and g.paper_id = t.paper_id and g.state in ('split', 'scored'))
          order by t.paper_id`),
      ).map((r) => r.paper_id);
    },

    /** One paper's measure (a decided paper keeps its state: a rerun never undoes a leader's decision). */
    async saveMeasure(
      blockId: number,
      paperId: number,
      runId: number,
      m: { ink: number; excess: number; blank: boolean },
    ) {
      await db.execute(sql`insert into intelligent_blank (block_id, paper_id, run_id, ink, excess, blank)
        values (${blockId}, ${paperId}, ${runId}, ${m.ink}, ${m.excess}, ${m.blank})
        on conflict (block_id, paper_id) do update set run_id = excluded.run_id, ink = excluded.ink,
          excess = excluded.excess, blank = excluded.blank
        where intelligent_blank.state = 'measured'`);
    },

    async measuredIn(runId: number): Promise<Set<number>> {
      return new Set(
        rowsOf<{ paper_id: number }>(
          await db.execute(sql`select paper_id from intelligent_blank where run_id = ${runId}`),
        ).map((r) => r.paper_id),
      );
    },

    /** Blanks by state, in the leader's school. */
    async blankCounts(blockIds: number[], school: number | null) {
      if (!blockIds.length) return [];
      return rowsOf<{
        block_id: number;
        detected: number;
        applied: number;
        returned: number;
        measured: number;
      }>(
        await db.execute(sql`select ib.block_id,
            (count(*) filter (where ib.blank and ib.state = 'measured'))::int as detected,
            (count(*) filter (where ib.blank and ib.state = 'applied'))::int as applied,
            (count(*) filter (where ib.blank and ib.state = 'returned'))::int as returned,
            count(*)::int as measured
          from intelligent_blank ib
          join mark_task t on t.block_id = ib.block_id and t.paper_id = ib.paper_id and t.slot = ${MarkSlot.first}
          where ib.block_id = any(${intArray(blockIds)}) and ${inSchool(school)}
          group by ib.block_id`),
      );
    },

    /**
     * Blanks in a state with the slot-1 task (its image), in the leader's school. The sample of detected ones is
     * spread over the block: ordered by a hash of the paper id, not by scan order.
     */
    async blanks(blockId: number, state: 'measured' | 'applied', school: number | null, limit: number) {
      const order = state === 'measured' ? sql`md5(ib.paper_id::text)` : sql`ib.decided_at desc, ib.paper_id`;
      return rowsOf<{ paper_id: number; ink: number; state: 'measured' | 'applied'; task_id: number }>(
        await db.execute(sql`select ib.paper_id, ib.ink, ib.state, t.id as task_id from intelligent_blank ib
          join mark_task t on t.block_id = ib.block_id and t.paper_id = ib.paper_id and t.slot = ${MarkSlot.first}
          where ib.block_id = ${blockId} and ib.blank and ib.state = ${state} and ${inSchool(school)}
          order by ${order} limit ${limit}`),
      );
    },

    /** When each of these blanks was decided (confirmed), ISO. */
    async decidedAt(blockId: number, paperIds: number[]): Promise<Map<number, string>> {
      if (!paperIds.length) return new Map();
      const rows = rowsOf<{ paper_id: number; decided_at: Date | string | null }>(
        await db.execute(sql`select paper_id, decided_at from intelligent_blank where block_id = ${blockId}
          and paper_id = any(${intArray(paperIds)})`),
      );
      return new Map(
        rows
          .filter((r) => r.decided_at !== null)
          .map((r) => [r.paper_id, new Date(r.decided_at!).toISOString()]),
      );
    },

    /** Detected blanks to score 0: locked, in the leader's school. */
    async detected(
      blockId: number,
      school: number | null,
    ): Promise<Array<{ paper_id: number; ink: number }>> {
      return rowsOf<{ paper_id: number; ink: number }>(
        await db.execute(sql`select ib.paper_id, ib.ink from intelligent_blank ib
          join mark_task t on t.block_id = ib.block_id and t.paper_id = ib.paper_id and t.slot = ${MarkSlot.first}
          where ib.block_id = ${blockId} and ib.blank and ib.state = 'measured' and ${inSchool(school)}
          order by ib.paper_id for update of ib`),
      );
    },

    async blank(blockId: number, paperId: number, lock = false) {
      return (
        rowsOf<{ state: string; blank: boolean; ink: number; school_id: number; run_id: number }>(
          await db.execute(sql`select ib.state, ib.blank, ib.ink, ib.run_id, t.school_id from intelligent_blank ib
            join mark_task t on t.block_id = ib.block_id and t.paper_id = ib.paper_id and t.slot = ${MarkSlot.first}
            where ib.block_id = ${blockId} and ib.paper_id = ${paperId}${lock ? sql` for update of ib` : sql``}`),
        )[0] ?? null
      );
    },

    async setBlankState(blockId: number, paperIds: number[], state: string, userId: number) {
      if (!paperIds.length) return;
      await db.execute(sql`update intelligent_blank set state = ${state}, decided_by = ${userId}, decided_at = now()
        where block_id = ${blockId} and paper_id = any(${intArray(paperIds)})`);
    },

    /** The mark tasks of the papers in the block, locked in id order (every writer's order). */
    async lockTasks(blockId: number, paperIds: number[]) {
      if (!paperIds.length) return [];
      return rowsOf<{
        id: number;
        paper_id: number;
        slot: number;
        status: string;
        user_id: number | null;
        lease_until: Date | string | null;
      }>(
        await db.execute(sql`select id, paper_id, slot, status, user_id, lease_until from mark_task
          where block_id = ${blockId} and paper_id = any(${intArray(paperIds)}) order by id for update`),
      );
    },

    async hasScore(blockId: number, paperIds: number[]): Promise<Set<number>> {
      if (!paperIds.length) return new Set();
      return new Set(
        rowsOf<{ paper_id: number }>(
          await db.execute(sql`select paper_id from block_score where block_id = ${blockId}
            and paper_id = any(${intArray(paperIds)})`),
        ).map((r) => r.paper_id),
      );
    },

    /**
     * Tasks given a mark without a marker's screen: submitted with these scores, by `userId` (a marker scoring a
     * group) or by nobody (智能判空: no marker's figures count it). History keeps what the task was.
     */
    async submitTasks(
      taskIds: number[],
      s: { userId: number | null; score: number; questionScores: Record<string, number> },
      history: { actorId: number; action: string; after: Record<string, unknown> },
    ) {
      if (!taskIds.length) return;
      await db.execute(sql`insert into mark_task_change (task_id, user_id, action, before, after)
        select t.id, ${history.actorId}, ${history.action}, jsonb_build_object('taskId', t.id, 'slot', t.slot,
          'status', t.status, 'userId', t.user_id, 'version', t.version),
          ${JSON.stringify(history.after)}::jsonb || jsonb_build_object('score', ${s.score}::numeric, 'version', t.version + 1)
        from mark_task t where t.id = any(${intArray(taskIds)}) order by t.id`);
      await db.execute(sql`update mark_task set status = 'submitted', user_id = ${s.userId}, lease_token = null,
          lease_until = null, score = ${s.score}, question_scores = ${JSON.stringify(s.questionScores)}::jsonb,
          point_scores = null, marks = '[]'::jsonb, spent_ms = 0, submitted_at = now(), version = version + 1
        where id = any(${intArray(taskIds)})`);
    },

    /** Marks given by nobody (智能判空) back to the pool, with their history. */
    async unsubmitBlank(blockId: number, paperId: number, actorId: number, reason: string): Promise<number> {
      const r = rowsOf<{ id: number }>(
        await db.execute(sql`with gone as (select t.id from mark_task t where t.block_id = ${blockId}
              and t.paper_id = ${paperId} and t.status = 'submitted' and t.user_id is null
              and exists (select 1 from mark_task_change c where c.task_id = t.id and c.action = 'intelligent-blank')),
            h as (insert into mark_task_change (task_id, user_id, action, before, after)
              select t.id, ${actorId}, 'intelligent-return', jsonb_build_object('taskId', t.id, 'slot', t.slot,
                'status', t.status, 'score', t.score, 'questionScores', t.question_scores, 'version', t.version),
                jsonb_build_object('status', 'pending', 'reason', ${reason}::text, 'version', t.version + 1)
              from mark_task t join gone g on g.id = t.id)
          update mark_task t set status = 'pending', user_id = null, score = null, question_scores = null,
            point_scores = null, spent_ms = null, submitted_at = null, version = version + 1
          from gone g where t.id = g.id returning t.id`),
      );
      if (r.length)
        await db.execute(sql`delete from block_score where block_id = ${blockId} and paper_id = ${paperId}
          and source not in ('leader', 'xianyue')`);
      return r.length;
    },

    // ---- 相同答案归组 ----

    /** Groups waiting for a score are replaced by a new run's (split and scored papers stay as they are). */
    async clearWaitingGroups(blockId: number) {
      await db.execute(sql`delete from intelligent_group_paper where block_id = ${blockId} and state = 'in'`);
    },

    async createGroup(blockId: number, runId: number, members: Array<{ paperId: number; distance: number }>) {
      const [g] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into intelligent_group (block_id, run_id, head_paper_id)
          values (${blockId}, ${runId}, ${members[0]!.paperId}) returning id`),
      );
      await db.execute(sql`insert into intelligent_group_paper (block_id, paper_id, group_id, distance)
        values ${sql.join(
          members.map((m) => sql`(${blockId}, ${m.paperId}, ${g!.id}, ${m.distance})`),
          sql`, `,
        )} on conflict (block_id, paper_id) do update set group_id = excluded.group_id,
          distance = excluded.distance, state = 'in'`);
      return g!.id;
    },

    /**
     * Groups of two or more papers still waiting, largest first, with their papers (up to `per` each). Waiting:
     * in the group, not scored and held by nobody — grouped papers stay in the ordinary pool, and one a marker
     * claimed or scored there is no longer the group's to score.
     */
    async groups(blockId: number, per: number) {
      return rowsOf<{ id: number; size: number; papers: Array<{ paperId: number; distance: number }> }>(
        await db.execute(sql`select g.id, count(*)::int as size,
            (json_agg(json_build_object('paperId', p.paper_id, 'distance', p.distance)
              order by p.distance, p.paper_id))::jsonb as papers
          from intelligent_group g join intelligent_group_paper p on p.group_id = g.id and p.state = 'in'
            and ${groupWaiting}
          where g.block_id = ${blockId}
          group by g.id having count(*) >= 2 order by count(*) desc, g.id`),
      ).map((g) => ({
        ...g,
        papers: g.papers.slice(0, per).map((p) => ({ ...p, distance: Number(p.distance) })),
      }));
    },

    async groupPapers(blockId: number, groupId: number, lock = false): Promise<number[]> {
      return rowsOf<{ paper_id: number }>(
        await db.execute(sql`select paper_id from intelligent_group_paper where block_id = ${blockId}
          and group_id = ${groupId} and state = 'in' order by paper_id${lock ? sql` for update` : sql``}`),
      ).map((r) => r.paper_id);
    },

    async setGroupState(blockId: number, paperIds: number[], state: 'split' | 'scored') {
      if (!paperIds.length) return;
      await db.execute(sql`update intelligent_group_paper set state = ${state}
        where block_id = ${blockId} and paper_id = any(${intArray(paperIds)})`);
    },

    /** Whether the paper is in a group of the block (any state): the markers' image route serves only these. */
    async inGroup(blockId: number, paperId: number): Promise<boolean> {
      return (
        rowsOf(
          await db.execute(sql`select 1 from intelligent_group_paper where block_id = ${blockId}
            and paper_id = ${paperId}`),
        ).length > 0
      );
    },
  };
}
export type IntelligentRepo = ReturnType<typeof intelligentRepo>;

/**
 * Marks discarded (重置阅卷, 重新选题): a paper scored 0 as blank or scored with its group is open again, so its
 * intelligent decision goes with the marks (the history keeps them): the blank may be checked again, the paper
 * grouped again.
 */
export async function forgetIntelligentDecisions(
  tx: Conn,
  blockId: number,
  paperIds: number[],
): Promise<void> {
  if (!paperIds.length) return;
  await tx.execute(sql`update intelligent_blank set state = 'measured', decided_by = null, decided_at = null
    where block_id = ${blockId} and paper_id = any(${intArray(paperIds)}) and state = 'applied'`);
  await tx.execute(sql`delete from intelligent_group_paper where block_id = ${blockId}
    and paper_id = any(${intArray(paperIds)}) and state = 'scored'`);
}
