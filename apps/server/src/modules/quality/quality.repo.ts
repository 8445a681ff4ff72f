import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../infra/db';

/** A school a monitor is narrowed to (a grant given for one school), or null: every school. */
export type MonitorSchool = number | null;

const ints = (ids: readonly number[]) => `{${ids.join(',')}}`;
const onSchool = (col: SQL, school: MonitorSchool) =>
  school === null ? sql`` : sql` and ${col} = ${school}`;

export interface BlockRow {
  id: number;
  subject_id: number;
  name: string;
  mark_count: number;
  threshold: number | null;
  full_score: number;
}

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
        Omit<BlockRow, 'threshold' | 'full_score'> & { threshold: string | null; full_score: string }
      >(
        sql`select b.id, b.subject_id, b.name, b.mark_count, b.threshold,
          coalesce((select sum(q.score) from question q where q.subject_id = b.subject_id and q.no = any(b.nos)), 0)
            as full_score
          from block b where b.subject_id = any(${ints(subjectIds)}::int[]) order by b.subject_id, b.sort, b.id`,
      );
      return r.map((b) => ({
        ...b,
        threshold: b.threshold === null ? null : Number(b.threshold),
        full_score: Number(b.full_score),
      }));
    },

    /** Tasks made per block and school. */
    totals: (blockIds: readonly number[], school: MonitorSchool) =>
      rows<{ block_id: number; school_id: number; papers: number; tasks: number; arb: number }>(
        sql`select block_id, school_id, papers, tasks, arb from mark_stat_total
          where block_id = any(${ints(blockIds)}::int[])${onSchool(sql`school_id`, school)}`,
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
          where block_id = any(${ints(blockIds)}::int[])${onSchool(sql`school_id`, school)}`,
      ),

    /** New marks per block and marker since `minutes` minutes ago (whole minutes, the current one included). */
    recent: (blockIds: readonly number[], minutes: number) =>
      rows<{ block_id: number; user_id: number; n: number }>(
        sql`select block_id, user_id, sum(n)::int as n from mark_stat_minute
          where block_id = any(${ints(blockIds)}::int[])
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
          where block_id = any(${ints(blockIds)}::int[])`,
      ),

    /** The markers' score histograms of a block. */
    histograms: (blockId: number) =>
      rows<{ user_id: number; name: string; score: string; n: number }>(
        sql`select s.user_id, u.name, s.score, s.n from mark_stat_score s join "user" u on u.id = s.user_id
          where s.block_id = ${blockId} and s.n > 0`,
      ),

    /**
     * Each marker's latest `last` deviations of a kind, oldest first: one row per marker with two arrays (the
     * marks and the other marks, as float8 — the same numbers as parsing their text). Rows per deviation, sorted,
     * were 20,000 rows a request at 100 markers (half the monitor's time).
     */
    deviations: (blockId: number, kind: string, last: number) =>
      rows<{ user_id: number; marks: number[]; others: number[] }>(
        sql`select u.user_id, d.marks, d.others from (select distinct user_id from mark_stat_score
            where block_id = ${blockId}) u
          cross join lateral (select array_agg(y.mark::float8 order by y.id) as marks,
              array_agg(y.other::float8 order by y.id) as others
            from (select id, mark, other from mark_deviation x
              where x.block_id = ${blockId} and x.user_id = u.user_id and x.kind = ${kind}
              order by x.id desc limit ${last}) y) d
          where d.marks is not null`,
      ),

    /** Sums over all deviations of a kind per marker (standard papers, self-consistency). */
    deviationSums: (blockId: number, kind: string) =>
      rows<{ user_id: number; n: number; diff: string; abs: string }>(
        sql`select user_id, count(*)::int as n, sum(mark - other) as diff, sum(abs(mark - other)) as abs
          from mark_deviation where block_id = ${blockId} and kind = ${kind} group by user_id`,
      ),

    /** The block's markers (role 4) with their quota and name. */
    reviewers: (blockIds: readonly number[], school: MonitorSchool) =>
      rows<{ block_id: number; user_id: number; name: string; quota: number | null }>(
        sql`select r.block_id, r.user_id, u.name, r.quota from block_reviewer r join "user" u on u.id = r.user_id
          where r.block_id = any(${ints(blockIds)}::int[]) and r.role = 4
            ${school === null ? sql`` : sql`and (r.school_id is null or r.school_id = ${school})`}`,
      ),

    names: (userIds: readonly number[]) =>
      userIds.length
        ? rows<{ id: number; name: string }>(
            sql`select id, name from "user" where id = any(${ints(userIds)}::int[])`,
          )
        : Promise.resolve([]),

    schoolNames: (ids: readonly number[]) =>
      ids.length
        ? rows<{ id: number; name: string }>(
            sql`select id, name from school where id = any(${ints(ids)}::int[])`,
          )
        : Promise.resolve([]),

    flags: (blockIds: readonly number[]) =>
      rows<{
        block_id: number;
        user_id: number;
        reasons: string[];
        state: number;
        at_done: number;
        flagged_at: Date | string;
      }>(
        sql`select block_id, user_id, reasons, state, at_done, flagged_at from marker_flag
          where block_id = any(${ints(blockIds)}::int[])`,
      ),

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
          and b.other = a.mark
        where a.block_id = ${blockId} and a.kind = 'pair' and abs(a.mark - a.other) > ${minDiff}${who}`;
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
  };
}
export type QualityRepo = ReturnType<typeof qualityRepo>;
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualityRepoOf = typeof qualityRepo;

/** What a reset clears of a block's quality records: the rows removed of each kind. */
export interface QualityForgotten {
  deviations: number;
  hidden: number;
  spotChecks: number;
  flags: number;
}

/**
 * Marks discarded (重置阅卷, 重新选题) of the whole block (`userId` null) or of one marker: the quality report
 * starts over for them. Their 标准卷 / self / spot deviations (pair deviations leave with the pairs, per paper),
 * their hidden papers (standard_mark: a 标准卷 may be handed to them again), the spot checks of their marks
 * and their flag go. The discarded marks stay in mark_task_change; the reset's audit row counts what went here.
 */
export async function forgetQualityRecords(
  tx: Db | Tx,
  blockId: number,
  userId: number | null,
): Promise<QualityForgotten> {
  const who = (col: SQL) => (userId === null ? sql`` : sql` and ${col} = ${userId}`);
  const count = async (q: SQL) => rowsOf<{ n: number }>(await tx.execute(q))[0]?.n ?? 0;
  return {
    deviations: await count(sql`with x as (delete from mark_deviation where block_id = ${blockId}
        and kind <> 'pair'${who(sql`user_id`)} returning 1) select count(*)::int as n from x`),
    hidden:
      await count(sql`with x as (delete from standard_mark where block_id = ${blockId}${who(sql`user_id`)}
        returning 1) select count(*)::int as n from x`),
    spotChecks:
      await count(sql`with x as (delete from spot_check where block_id = ${blockId}${who(sql`marker_id`)}
        returning 1) select count(*)::int as n from x`),
    flags: await count(sql`with x as (delete from marker_flag where block_id = ${blockId}${who(sql`user_id`)}
        returning 1) select count(*)::int as n from x`),
  };
}
