import { sql } from 'drizzle-orm';
import { StoredQuestionScoresSchema, type BlockRegion } from '@yj/contracts';
import { readBlockRegions, readStored } from '../../db/stored';
import { rowsOf, type Db, type Tx } from '../../infra/db';

/** A spot check with its subject's state, as the leader's submit and release read it. */
export interface SpotRow {
  id: number;
  block_id: number;
  task_id: number;
  marker_id: number;
  paper_id: number;
  leader_id: number;
  status: string;
  lease_token: string | null;
  subject_status: number;
  /** the checked mark was discarded by a reset */
  voided_at: Date | string | null;
}

/** 抽查 (spot_check): the leaders' blind re-marks of submitted papers, and the deviations they record. */
export function qualitySpotRepo(db: Db | Tx) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
  return {
    /** A check locked for its leader's submit or release (undefined: none). */
    async locked(spotId: number): Promise<SpotRow | undefined> {
      const [r] = await rows<SpotRow>(sql`select c.*, s.status as subject_status from spot_check c
        join block b on b.id = c.block_id join subject s on s.id = b.subject_id
        where c.id = ${spotId} for update of c`);
      return r;
    },

    /** The leader's open (leased, not voided) check of a block, with the checked marker's name. */
    async open(blockId: number, leaderId: number) {
      const [r] = await rows<{ id: number; lease_token: string; marker_id: number; name: string }>(sql`select
          c.id, c.lease_token, c.marker_id, u.name from spot_check c join "user" u on u.id = c.marker_id
        where c.block_id = ${blockId} and c.leader_id = ${leaderId} and c.status = 'leased'
          and c.voided_at is null limit 1`);
      return r;
    },

    async blockName(blockId: number): Promise<string | undefined> {
      const [b] = await rows<{ name: string }>(sql`select name from block where id = ${blockId}`);
      return b?.name;
    },

    /** One claim at a time per leader and block (the transaction's lock). */
    async lockLeader(blockId: number, leaderId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${blockId}, ${leaderId})`);
    },

    /** A random submitted paper of the marker never checked, leased to the leader (undefined: none left). */
    async lease(blockId: number, markerId: number, leaderId: number) {
      const [r] = await rows<{ id: number; lease_token: string }>(sql`with pick as (
          select t.id, t.paper_id from mark_task t
          where t.block_id = ${blockId} and t.user_id = ${markerId} and t.status = 'submitted'
            and t.slot <> 9 and not exists (select 1 from spot_check c where c.task_id = t.id
              and c.voided_at is null)
          order by random() limit 1)
        insert into spot_check (block_id, task_id, marker_id, paper_id, leader_id, status, lease_token)
        select ${blockId}, id, ${markerId}, paper_id, ${leaderId}, 'leased', gen_random_uuid() from pick
        on conflict (task_id) where voided_at is null do nothing
        returning id, lease_token`);
      return r;
    },

    /** Where a check's paper is cut from, and whose check it is. */
    async cut(
      spotId: number,
    ): Promise<{ leaderId: number; paperId: number; regions: BlockRegion[] } | undefined> {
      const [r] = await rows<{
        leader_id: number;
        paper_id: number;
        block_id: number;
        regions: unknown;
      }>(sql`select
          c.leader_id, c.paper_id, c.block_id, b.regions from spot_check c join block b on b.id = c.block_id
        where c.id = ${spotId}`);
      if (!r) return undefined;
      const regions = readBlockRegions(r.regions, r.block_id);
      return { leaderId: r.leader_id, paperId: r.paper_id, regions };
    },

    /** The checked mark as it stands (shared: it cannot change under the check). */
    async checkedMark(taskId: number) {
      const [t] = await rows<{
        user_id: number;
        status: string;
        score: string;
        question_scores: unknown;
      }>(sql`select
          user_id, status, score, question_scores from mark_task where id = ${taskId} for share`);
      if (!t) return undefined;
      const questionScores =
        readStored(StoredQuestionScoresSchema, t.question_scores, `mark_task ${taskId} question_scores`) ??
        {};
      return { userId: t.user_id, status: t.status, score: Number(t.score), questionScores };
    },

    async remove(spotId: number): Promise<void> {
      await db.execute(sql`delete from spot_check where id = ${spotId}`);
    },

    /** The leader's mark recorded on the check, and the marker's difference from it as a 'spot' deviation. */
    async submit(
      c: Pick<SpotRow, 'id' | 'block_id' | 'marker_id' | 'paper_id'>,
      mine: { score: number; questionScores: Record<string, number> },
      markerScore: number,
    ): Promise<void> {
      await db.execute(sql`update spot_check set status = 'submitted', score = ${mine.score},
        question_scores = ${JSON.stringify(mine.questionScores)}::jsonb, marker_score = ${markerScore},
        lease_token = null, submitted_at = now() where id = ${c.id}`);
      await db.execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
        values (${c.block_id}, ${c.marker_id}, ${c.paper_id}, 'spot', ${markerScore}, ${mine.score})`);
    },
  };
}
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualitySpotRepoOf = typeof qualitySpotRepo;
