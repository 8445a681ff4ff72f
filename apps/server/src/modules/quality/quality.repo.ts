import { sql, type SQL } from 'drizzle-orm';
import { SubjectStatus, type QualityLimitsInput } from '@yj/contracts';
import { intArray, rowsOf, type Db, type Tx } from '../../infra/db';

/** A flag whose marker's marks a reset discarded: what it was when voided (marker_flag.voided). */
export interface VoidedFlag {
  reasons: string[];
  atDone: number;
  atEvidence: number | null;
  flaggedAt: string;
  state: number;
  voidedAt: string;
}

/** A subject as the monitoring screens name it. */
export interface SubjectRow {
  id: number;
  name: string;
  exam_id: number;
  exam_name: string;
  status: number;
}

/**
 * Whether a marker flagged by 质检 on a block whose setting pauses flagged markers is paused: read inside the
 * claim's transaction of the marking, trial and 智能辅助 modules (quality-pause.ts).
 */
export async function markerPaused(tx: Db | Tx, blockId: number, userId: number): Promise<boolean> {
  const [r] = rowsOf<{ paused: boolean }>(
    await tx.execute(sql`select true as paused from marker_flag f join block_quality q on q.block_id = f.block_id
      where f.block_id = ${blockId} and f.user_id = ${userId} and f.state = 1 and q.pause`),
  );
  return r !== undefined;
}

/** A school a monitor is narrowed to (a grant given for one school), or null: every school. */
export type MonitorSchool = number | null;

const onSchool = (col: SQL, school: MonitorSchool) =>
  school === null ? sql`` : sql` and ${col} = ${school}`;

export interface BlockRow {
  id: number;
  subject_id: number;
  name: string;
  mark_count: number;
  threshold: number | null;
  full_score: number;
  /** the smallest score step of the block's questions (a block's 给分点 override the structure's) */
  step: number;
}

/**
 * A piece of evidence's difference from its reference (a mark_deviation row `x`, block_score `bs` joined on a
 * pair): a 标准卷's reference score, a spot check's leader mark, and for a double-marking pair the final score
 * when a third marker or a leader decided it, else the other marker's mark (a final by the mean would split the
 * difference between the two markers, so it tells nothing of which one is off).
 */
const REFERENCE_DIFF = sql`(x.mark - case when x.kind = 'pair' and bs.source in ('third', 'arbitration', 'leader')
  then bs.score else x.other end)`;
const WITH_FINAL = sql`left join block_score bs on x.kind = 'pair' and bs.block_id = x.block_id
  and bs.paper_id = x.paper_id`;
/** the other marker whose mark is the reference (a pair not decided by a third party), else null (0: unknown) */
const PARTNER = sql`case when x.kind = 'pair' and bs.source is distinct from 'third'
  and bs.source is distinct from 'arbitration' and bs.source is distinct from 'leader'
  then coalesce((select t.user_id from mark_task t where t.block_id = x.block_id and t.paper_id = x.paper_id
    and t.slot in (1, 2) and t.user_id <> x.user_id limit 1), 0) end`;
/** the kinds with a reference: self-consistency (a marker's own earlier mark) is its own figure, never evidence */
const REFERENCED = sql`x.kind in ('pair', 'standard', 'spot') and x.voided_at is null`;

/**
 * The monitoring read model: the counters the mark_task triggers keep (migration quality_counters), a few
 * hundred rows per subject, never the tasks themselves.
 */
export function qualityRepo(db: Db | Tx) {
  const rows = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));
  return {
    async blocksOf(subjectIds: readonly number[]): Promise<BlockRow[]> {
      if (!subjectIds.length) return [];
      const r = await rows<
        Omit<BlockRow, 'threshold' | 'full_score' | 'step'> & {
          threshold: string | null;
          full_score: string;
          step: string | null;
        }
      >(
        sql`select b.id, b.subject_id, b.name, b.mark_count, b.threshold,
          coalesce((select sum(q.score) from question q where q.subject_id = b.subject_id and q.no = any(b.nos)), 0)
            as full_score,
          (select min(coalesce((select (p->>'step')::numeric from jsonb_array_elements(b.points) p
              where p->>'no' = q.no limit 1), q.step))
            from question q where q.subject_id = b.subject_id and q.no = any(b.nos)) as step
          from block b where b.subject_id = any(${intArray(subjectIds)}) order by b.subject_id, b.sort, b.id`,
      );
      return r.map((b) => ({
        ...b,
        threshold: b.threshold === null ? null : Number(b.threshold),
        full_score: Number(b.full_score),
        step: b.step === null || !(Number(b.step) > 0) ? 1 : Number(b.step),
      }));
    },

    /** One block's row (the check after a submit). */
    blockById: async (blockId: number): Promise<BlockRow[]> => {
      const [r] = await rows<{ subject_id: number }>(sql`select subject_id from block where id = ${blockId}`);
      return r ? (await qualityRepo(db).blocksOf([r.subject_id])).filter((b) => b.id === blockId) : [];
    },

    /** Tasks made per block and school. */
    totals: (blockIds: readonly number[], school: MonitorSchool) =>
      rows<{ block_id: number; school_id: number; papers: number; tasks: number; arb: number }>(
        sql`select block_id, school_id, papers, tasks, arb from mark_stat_total
          where block_id = any(${intArray(blockIds)})${onSchool(sql`school_id`, school)}`,
      ),

    /** Marks given per block, marker and school of the papers. */
    marks: (blockIds: readonly number[], school: MonitorSchool) =>
      rows<{
        block_id: number;
        user_id: number;
        school_id: number;
        done: number;
        arb_done: number;
        first_at: Date | string;
        last_at: Date | string;
      }>(
        sql`select block_id, user_id, school_id, done, arb_done, first_at, last_at from mark_stat
          where block_id = any(${intArray(blockIds)})${onSchool(sql`school_id`, school)}`,
      ),

    /** New marks per block and marker since `minutes` minutes ago (whole minutes, the current one included). */
    recent: (blockIds: readonly number[], minutes: number) =>
      rows<{ block_id: number; user_id: number; n: number }>(
        sql`select block_id, user_id, sum(n)::int as n from mark_stat_minute
          where block_id = any(${intArray(blockIds)})
            and minute > date_trunc('minute', now()) - make_interval(mins => ${minutes})
          group by block_id, user_id`,
      ),

    /** Marks per 5 minutes over the last 2 hours of a block. */
    speedSeries: (blockId: number) =>
      rows<{ at: Date | string; n: number }>(
        sql`select to_timestamp(floor(extract(epoch from minute) / 300) * 300) as at, sum(n)::int as n
          from mark_stat_minute where block_id = ${blockId} and minute > now() - interval '2 hours'
          group by 1 order by 1`,
      ),

    pairs: (blockIds: readonly number[]) =>
      rows<{
        block_id: number;
        user_id: number;
        pairs: number;
        agree: number;
        diff_sum: string;
        abs_sum: string;
      }>(
        sql`select block_id, user_id, pairs, agree, diff_sum, abs_sum from mark_pair_stat
          where block_id = any(${intArray(blockIds)})`,
      ),

    /** The markers' score histograms of a block. */
    histograms: (blockId: number) =>
      rows<{ user_id: number; name: string; score: string; n: number }>(
        sql`select s.user_id, u.name, s.score, s.n from mark_stat_score s join "user" u on u.id = s.user_id
          where s.block_id = ${blockId} and s.n > 0`,
      ),

    /**
     * Each marker's latest `last` pieces of evidence with a reference (standard, pair, spot; never self, never
     * voided), oldest first: one row per marker with the ids, the differences (mark − reference, as float8) and
     * the partner whose mark was the reference (null: a settled reference).
     * `userIds`: only these markers (the check after a submit). Rows per deviation, sorted, were 20,000 rows a
     * request at 100 markers (half the monitor's time).
     */
    evidence: (blockId: number, last: number, userIds?: readonly number[]) =>
      rows<{ user_id: number; ids: number[]; diffs: number[]; partners: (number | null)[] }>(
        sql`select u.user_id, d.ids, d.diffs, d.partners from (select distinct user_id from mark_stat
            where block_id = ${blockId}${userIds ? sql` and user_id = any(${intArray(userIds)})` : sql``}) u
          cross join lateral (select array_agg(y.id::float8 order by y.id) as ids,
              array_agg(y.d::float8 order by y.id) as diffs, array_agg(y.partner order by y.id) as partners
            from (select x.id, ${REFERENCE_DIFF} as d, ${PARTNER} as partner from mark_deviation x ${WITH_FINAL}
              where x.block_id = ${blockId} and x.user_id = u.user_id and ${REFERENCED}
              order by x.id desc limit ${last}) y) d
          where d.ids is not null`,
      ),

    /** Count, sum and sum of squares of every marker's evidence (the other markers' spread, bias.ts). */
    evidenceSums: (blockId: number) =>
      rows<{ user_id: number; n: number; sum: number; sum_sq: number }>(
        sql`select x.user_id, count(*)::int as n, coalesce(sum(${REFERENCE_DIFF}), 0)::float8 as sum,
            coalesce(sum(${REFERENCE_DIFF} ^ 2), 0)::float8 as sum_sq
          from mark_deviation x ${WITH_FINAL} where x.block_id = ${blockId} and ${REFERENCED} group by x.user_id`,
      ),

    /** Sums over all deviations of a kind per marker (standard papers, self-consistency), voided ones aside. */
    deviationSums: (blockId: number, kind: string) =>
      rows<{ user_id: number; n: number; diff: string; abs: string }>(
        sql`select user_id, count(*)::int as n, sum(mark - other) as diff, sum(abs(mark - other)) as abs
          from mark_deviation where block_id = ${blockId} and kind = ${kind} and voided_at is null group by user_id`,
      ),

    /** Real marks a marker has submitted in a block (every school). */
    async done(blockId: number, userId: number): Promise<number> {
      const [r] = await rows<{ n: number }>(
        sql`select coalesce(sum(done), 0)::int as n from mark_stat where block_id = ${blockId} and user_id = ${userId}`,
      );
      return r?.n ?? 0;
    },

    /** The block's markers (role 4) with their quota and name. */
    reviewers: (blockIds: readonly number[], school: MonitorSchool) =>
      rows<{ block_id: number; user_id: number; name: string; quota: number | null }>(
        sql`select r.block_id, r.user_id, u.name, r.quota from block_reviewer r join "user" u on u.id = r.user_id
          where r.block_id = any(${intArray(blockIds)}) and r.role = 4
            ${school === null ? sql`` : sql`and (r.school_id is null or r.school_id = ${school})`}`,
      ),

    names: (userIds: readonly number[]) =>
      userIds.length
        ? rows<{ id: number; name: string }>(
            sql`select id, name from "user" where id = any(${intArray(userIds)})`,
          )
        : Promise.resolve([]),

    schoolNames: (ids: readonly number[]) =>
      ids.length
        ? rows<{ id: number; name: string }>(
            sql`select id, name from school where id = any(${intArray(ids)})`,
          )
        : Promise.resolve([]),

    flags: (blockIds: readonly number[]) =>
      rows<{
        block_id: number;
        user_id: number;
        reasons: string[];
        state: number;
        at_done: number;
        at_evidence: number | null;
        evidence_after: number;
        flagged_at: Date | string;
        voided: VoidedFlag | null;
      }>(
        sql`select block_id, user_id, reasons, state, at_done, at_evidence, evidence_after::float8 as evidence_after,
            flagged_at, voided
          from marker_flag where block_id = any(${intArray(blockIds)})`,
      ),

    /**
     * Flags a marker (or brings a flagged marker's reasons up to date: the papers and evidence at the flag stay).
     * `again`: a released marker is flagged again (on new evidence, or minMarks more marks); otherwise only when
     * still flagged or never flagged, or minMarks marks after the release.
     */
    async flag(
      blockId: number,
      m: { userId: number; reasons: string[]; done: number; evidence: number | null; again: boolean },
      minMarks: number,
    ): Promise<void> {
      await db.execute(sql`insert into marker_flag as f (block_id, user_id, reasons, state, at_done, at_evidence)
          values (${blockId}, ${m.userId}, ${JSON.stringify(m.reasons)}::jsonb, 1, ${m.done}, ${m.evidence})
          on conflict (block_id, user_id) do update set reasons = excluded.reasons,
            state = 1, at_done = case when f.state = 1 then f.at_done else excluded.at_done end,
            at_evidence = case when f.state = 1 then f.at_evidence else excluded.at_evidence end,
            flagged_at = case when f.state = 1 then f.flagged_at else now() end
          where f.state = 1 or ${m.again} or excluded.at_done >= f.at_done + ${minMarks}`);
    },

    async setting(blockId: number) {
      const [r] = await rows<{ limits: Record<string, number | boolean>; pause: boolean }>(
        sql`select limits, pause from block_quality where block_id = ${blockId}`,
      );
      return r ?? null;
    },

    /** Papers whose double marks differ, the largest difference first (qualityMonitorStudent). */
    async pairPapers(
      blockId: number,
      minDiff: number,
      userId: number | undefined,
      page: number,
      size: number,
    ) {
      const who = userId === undefined ? sql`` : sql` and (a.user_id = ${userId} or b.user_id = ${userId})`;
      const from = sql`from mark_deviation a join mark_deviation b on b.block_id = a.block_id
          and b.paper_id = a.paper_id and b.kind = 'pair' and b.user_id > a.user_id and b.mark = a.other
          and b.other = a.mark and b.voided_at is null
        where a.block_id = ${blockId} and a.kind = 'pair' and a.voided_at is null
          and abs(a.mark - a.other) > ${minDiff}${who}`;
      // the page and the total from one pass over the join (a count of its own joined the pairs twice); a page
      // past the end has no row to carry the total, so only then is it counted alone
      const found = await rows<{
        paper_id: number;
        a_user: number;
        a_mark: string;
        b_user: number;
        b_mark: string;
        at: Date | string;
        total: number;
      }>(
        sql`select a.paper_id, a.user_id as a_user, a.mark as a_mark, b.user_id as b_user, b.mark as b_mark, a.at,
            count(*) over ()::int as total
          ${from} order by abs(a.mark - a.other) desc, a.id desc limit ${size} offset ${(page - 1) * size}`,
      );
      const total = found.length
        ? found[0]!.total
        : ((await rows<{ n: number }>(sql`select count(*)::int as n ${from}`))[0]?.n ?? 0);
      return { total, items: found.map(({ total: _, ...item }) => item) };
    },

    /** A subject with its exam's name (undefined: none, or deleted). */
    async subject(subjectId: number): Promise<SubjectRow | undefined> {
      const [s] = await rows<SubjectRow>(sql`select s.id, s.name, s.exam_id, e.name as exam_name, s.status
        from subject s join exam e on e.id = s.exam_id where s.id = ${subjectId} and s.deleted_at is null`);
      return s;
    },

    /** An exam's subjects in their order, with the exam's name. */
    subjectsOfExam: (examId: number) =>
      rows<SubjectRow>(sql`select s.id, s.name, s.exam_id, e.name as exam_name, s.status from subject s
        join exam e on e.id = s.exam_id where s.exam_id = ${examId} and s.deleted_at is null
        order by s.sort, s.id`),

    /** The subject of a block (null: no such block). */
    async blockSubject(blockId: number): Promise<number | null> {
      const [b] = await rows<{ subject_id: number }>(sql`select subject_id from block where id = ${blockId}`);
      return b?.subject_id ?? null;
    },

    /** The blocks among these a user leads (block_reviewer role 6), each with the school the grant names. */
    leads: (userId: number, blockIds: readonly number[]) =>
      rows<{ block_id: number; school_id: number | null }>(sql`select block_id, school_id from block_reviewer
        where user_id = ${userId} and role = 6 and block_id = any(${intArray(blockIds)})`),

    /** Reviewing subjects whose blocks had marks in the last 2 minutes (quality's 30 s check). */
    async subjectsMarkedLately(): Promise<number[]> {
      const r = await rows<{ id: number }>(sql`select distinct b.subject_id as id from mark_stat_minute m
        join block b on b.id = m.block_id join subject s on s.id = b.subject_id
          and s.status = ${SubjectStatus.reviewing}
        where m.minute > now() - interval '2 minutes'`);
      return r.map((x) => x.id);
    },

    /** A block's bias-rule limits and pause (the other 质检 settings kept). */
    async saveSetting(blockId: number, limits: QualityLimitsInput, pause: boolean, actorId: number) {
      await db.execute(sql`insert into block_quality (block_id, limits, pause, updated_by, updated_at)
        values (${blockId}, ${JSON.stringify(limits)}::jsonb, ${pause}, ${actorId}, now())
        on conflict (block_id) do update set limits = excluded.limits, pause = excluded.pause,
          updated_by = excluded.updated_by, updated_at = now()`);
    },

    /**
     * A flagged marker let go on (the flag kept, released): judged again only on the marks given after the
     * release, and on evidence after it. False: the marker was not flagged.
     */
    async release(blockId: number, userId: number, actorId: number): Promise<boolean> {
      const r = await rows<{
        user_id: number;
      }>(sql`update marker_flag set state = 0, released_by = ${actorId},
          released_at = now(), at_done = (select coalesce(sum(done), 0) from mark_stat
            where block_id = ${blockId} and user_id = ${userId}),
          evidence_after = (select coalesce(max(id), 0) from mark_deviation
            where block_id = ${blockId} and user_id = ${userId})
          where block_id = ${blockId} and user_id = ${userId} and state = 1 returning user_id`);
      return r.length > 0;
    },
  };
}
export type QualityRepo = ReturnType<typeof qualityRepo>;
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualityRepoOf = typeof qualityRepo;

/** What a reset voids of a block's quality records: the rows of each kind. */
export interface QualityForgotten {
  deviations: number;
  hidden: number;
  spotChecks: number;
  flags: number;
}

/**
 * Marks discarded (重置阅卷, 重新选题) of the whole block (`userId` null) or of one marker. Their quality records
 * stay as the evidence of why, marked voided: their 标准卷 / self / spot deviations (pair deviations are voided
 * with the pairs, per paper) and spot checks count in no figure any more and are listed apart in the report; the
 * flag is kept as `voided` (reasons, papers done, time) and let go (state 0), so the marker starts over and is
 * judged on new evidence. Their hidden papers (standard_mark) go, so a 标准卷 may be handed to them again.
 */
export async function forgetQualityRecords(
  tx: Db | Tx,
  blockId: number,
  userId: number | null,
): Promise<QualityForgotten> {
  const who = (col: SQL) => (userId === null ? sql`` : sql` and ${col} = ${userId}`);
  const count = async (q: SQL) => rowsOf<{ n: number }>(await tx.execute(q))[0]?.n ?? 0;
  return {
    deviations:
      await count(sql`with x as (update mark_deviation set voided_at = now() where block_id = ${blockId}
        and kind <> 'pair' and voided_at is null${who(sql`user_id`)} returning 1) select count(*)::int as n from x`),
    hidden:
      await count(sql`with x as (delete from standard_mark where block_id = ${blockId}${who(sql`user_id`)}
        returning 1) select count(*)::int as n from x`),
    spotChecks: await count(sql`with x as (update spot_check set voided_at = now(), lease_token = null
        where block_id = ${blockId} and voided_at is null${who(sql`marker_id`)} returning 1)
        select count(*)::int as n from x`),
    flags: await count(sql`with x as (update marker_flag set state = 0, at_done = 0, released_at = now(),
        note = '重置阅卷', voided = jsonb_build_object('reasons', reasons, 'atDone', at_done,
          'atEvidence', at_evidence, 'flaggedAt', flagged_at, 'state', state, 'voidedAt', now())
        where block_id = ${blockId}${who(sql`user_id`)} and (state = 1 or voided is null) returning 1)
        select count(*)::int as n from x`),
  };
}
