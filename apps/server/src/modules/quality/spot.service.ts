import { sql } from 'drizzle-orm';
import type {
  BlockRegion,
  Principal,
  SpotBlock,
  SpotClaimInput,
  SpotResult,
  SpotSubmitInput,
  SpotTask,
} from '@yj/contracts';
import { deviationFigures, LIMIT_DEFAULTS, spotDue } from '@yj/quality';
import { fail } from '../../errors';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { blockRules } from '../marking/marking-final';
import { assertMarks, scoresOf } from '../marking/marking.service';
import { assertAllows } from '../subject/subject-state';
import { qualityAccess } from './quality-access';
import type { QualityRepoOf } from './quality.repo';
import type { QualityTestRepoOf } from './quality-test.repo';

export const spotImageUrl = (spotId: number) => `/filter/api/marking/spot/${spotId}/image`;

interface SpotRow {
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

/**
 * 抽查 (质检): a leader re-marks a chosen share of each marker's submitted papers blind — the marker's score is
 * never sent before the leader's own mark is in. The difference (marker − leader) is a deviation of kind 'spot';
 * the leader may then 打回 the paper (the leaders' remark route).
 */
export function spotService(d: {
  db: Db;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  repo: QualityRepoOf;
  testRepo: QualityTestRepoOf;
  /** the bias rule on the checked marker, after the check is recorded (quality-monitor.ts `judge`) */
  onEvidence?: (blockId: number, userIds: number[]) => Promise<void>;
}) {
  const access = qualityAccess(d.db);

  async function locked(tx: Tx, spotId: number, p: Principal): Promise<SpotRow> {
    const [r] = rowsOf<SpotRow>(
      await tx.execute(sql`select c.*, s.status as subject_status from spot_check c join block b on b.id = c.block_id
        join subject s on s.id = b.subject_id where c.id = ${spotId} for update of c`),
    );
    if (!r) throw fail('spotNotFound');
    if (r.leader_id !== p.userId) throw fail('forbidden');
    return r;
  }

  async function names(ids: number[]) {
    return new Map((await d.repo(d.db).names(ids)).map((u) => [u.id, u.name]));
  }

  async function open(blockId: number, leaderId: number, db: Db | Tx = d.db): Promise<SpotTask | null> {
    const [r] = rowsOf<{ id: number; lease_token: string; marker_id: number; name: string }>(
      await db.execute(sql`select c.id, c.lease_token, c.marker_id, u.name from spot_check c
        join "user" u on u.id = c.marker_id
        where c.block_id = ${blockId} and c.leader_id = ${leaderId} and c.status = 'leased'
          and c.voided_at is null limit 1`),
    );
    return r
      ? {
          spotId: r.id,
          leaseToken: r.lease_token,
          markerId: r.marker_id,
          markerName: r.name,
          imageUrl: spotImageUrl(r.id),
        }
      : null;
  }

  /** The block's markers with their checks, done and due (the watched school's markers). */
  async function markers(blockId: number, school: number | null, percent: number) {
    const [reviewers, done, sums] = await Promise.all([
      d.repo(d.db).reviewers([blockId], school),
      d.testRepo(d.db).done([blockId]),
      d.testRepo(d.db).sums([blockId]),
    ]);
    return reviewers.map((r) => {
      const n = done.find((x) => x.user_id === r.user_id)?.done ?? 0;
      const spot = deviationFigures(
        sums.find((x) => x.userId === r.user_id && x.kind === 'spot' && !x.voided)?.sums,
      );
      return {
        userId: r.user_id,
        name: r.name,
        done: n,
        checked: spot.n,
        due: spotDue(n, spot.n, percent),
        spot,
      };
    });
  }

  async function percentOf(blockId: number, db: Db | Tx = d.db) {
    const [q] = await d.testRepo(db).settings([blockId]);
    return {
      percent: q?.spot_percent ?? 0,
      limit: Number(q?.limits.maxStandardDev ?? LIMIT_DEFAULTS.maxStandardDev),
    };
  }

  return {
    /** The leader's spot-check page of a block. */
    async block(blockId: number, p: Principal): Promise<SpotBlock> {
      const { school } = await access.block(p, blockId);
      const [b] = rowsOf<{ name: string }>(
        await d.db.execute(sql`select name from block where id = ${blockId}`),
      );
      const { percent } = await percentOf(blockId);
      return {
        blockId,
        blockName: b?.name ?? '',
        spotPercent: percent,
        markers: await markers(blockId, school, percent),
        open: await open(blockId, p.userId),
      };
    },

    /**
     * A paper to check: the leader's open one, else a random submitted paper of the marker asked for (or of the
     * marker with most checks due) that was never checked. Refused when the block checks none or none is due.
     */
    async claim(blockId: number, input: SpotClaimInput, p: Principal): Promise<SpotTask> {
      const { s, school } = await access.block(p, blockId);
      assertAllows(s.status, 'changeMarks');
      const { percent } = await percentOf(blockId);
      if (percent <= 0) throw fail('spotCheckOff');
      return d.db.transaction(async (tx) => {
        // one open check per leader and block: the same one again after a reload
        await tx.execute(sql`select pg_advisory_xact_lock(${blockId}, ${p.userId})`);
        const held = await open(blockId, p.userId, tx);
        if (held) return held;
        const list = await markers(blockId, school, percent);
        let marker;
        if (input.userId !== undefined) {
          marker = list.find((m) => m.userId === input.userId);
          if (!marker) throw fail('teacherNotBlockMarker');
          if (marker.due <= 0) throw fail('spotRatioReached');
        } else {
          marker = [...list].sort((a, c) => c.due - a.due || a.userId - c.userId)[0];
          if (!marker || marker.due <= 0) throw fail('spotRatioReachedAll');
        }
        const [r] = rowsOf<{ id: number; lease_token: string }>(
          await tx.execute(sql`with pick as (
              select t.id, t.paper_id from mark_task t
              where t.block_id = ${blockId} and t.user_id = ${marker.userId} and t.status = 'submitted'
                and t.slot <> 9 and not exists (select 1 from spot_check c where c.task_id = t.id
                  and c.voided_at is null)
              order by random() limit 1)
            insert into spot_check (block_id, task_id, marker_id, paper_id, leader_id, status, lease_token)
            select ${blockId}, id, ${marker.userId}, paper_id, ${p.userId}, 'leased', gen_random_uuid() from pick
            on conflict (task_id) where voided_at is null do nothing
            returning id, lease_token`),
        );
        if (!r) throw fail('spotNothingToCheck');
        return {
          spotId: r.id,
          leaseToken: r.lease_token,
          markerId: marker.userId,
          markerName: marker.name,
          imageUrl: spotImageUrl(r.id),
        };
      });
    },

    /** The block's cut of the paper, for the leader checking it. */
    async image(spotId: number, p: Principal): Promise<Buffer> {
      const [r] = rowsOf<{ leader_id: number; paper_id: number; regions: BlockRegion[] | null }>(
        await d.db.execute(sql`select c.leader_id, c.paper_id, b.regions from spot_check c
          join block b on b.id = c.block_id where c.id = ${spotId}`),
      );
      if (!r) throw fail('spotNotFound');
      if (r.leader_id !== p.userId) throw fail('forbidden');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },

    /** The leader's blind mark: recorded, and only now the marker's mark is shown beside it. */
    async submit(spotId: number, input: SpotSubmitInput, p: Principal): Promise<SpotResult> {
      const result = await d.db.transaction(async (tx) => {
        const c = await locked(tx, spotId, p);
        if (c.voided_at !== null) throw fail('spotVoided');
        if (c.status !== 'leased' || c.lease_token !== input.leaseToken)
          throw fail('spotSubmittedNext');
        assertAllows(c.subject_status, 'changeMarks');
        const rules = await blockRules(tx, c.block_id);
        if (!rules) throw fail('blockNotFound');
        assertMarks(input.scores, rules);
        const mine = scoresOf(input.scores);
        const [t] = rowsOf<{
          user_id: number;
          status: string;
          score: string;
          question_scores: Record<string, number>;
        }>(
          await tx.execute(sql`select user_id, status, score, question_scores from mark_task
            where id = ${c.task_id} for share`),
        );
        if (!t || t.status !== 'submitted' || t.user_id !== c.marker_id) {
          await tx.execute(sql`delete from spot_check where id = ${spotId}`);
          throw fail('spotVoided');
        }
        const markerScore = Number(t.score);
        await tx.execute(sql`update spot_check set status = 'submitted', score = ${mine.score},
          question_scores = ${JSON.stringify(mine.questionScores)}::jsonb, marker_score = ${markerScore},
          lease_token = null, submitted_at = now() where id = ${spotId}`);
        await tx.execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
          values (${c.block_id}, ${c.marker_id}, ${c.paper_id}, 'spot', ${markerScore}, ${mine.score})`);
        const { limit } = await percentOf(c.block_id, tx);
        const diff = Math.round((markerScore - mine.score) * 10) / 10 + 0;
        return {
          blockId: c.block_id,
          spotId,
          taskId: c.task_id,
          markerId: c.marker_id,
          markerName: (await names([c.marker_id])).get(c.marker_id) ?? '',
          markerScore,
          markerQuestionScores: t.question_scores,
          leaderScore: mine.score,
          leaderQuestionScores: mine.questionScores,
          diff,
          over: Math.abs(diff) > limit,
        };
      });
      await d.onEvidence?.(result.blockId, [result.markerId]);
      const { blockId: _, ...answer } = result;
      return answer;
    },

    /** The leader gives an open check up (another paper next time). */
    async release(spotId: number, leaseToken: string, p: Principal): Promise<void> {
      await d.db.transaction(async (tx) => {
        const c = await locked(tx, spotId, p);
        if (c.status !== 'leased' || c.lease_token !== leaseToken) throw fail('spotSubmittedRefresh');
        await tx.execute(sql`delete from spot_check where id = ${spotId}`);
      });
    },
  };
}
export type SpotService = ReturnType<typeof spotService>;
