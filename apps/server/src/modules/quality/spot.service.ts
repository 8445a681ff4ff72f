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
import type { Db, Tx } from '../../infra/db';
import { assertMarks, blockRules, scoresOf } from '../marking/rules/mark-rules';
import { assertAllows } from '../../lib/subject-state';
import { qualityAccess } from './quality-access';
import type { QualityRepoOf } from './quality.repo';
import type { QualitySpotRepoOf, SpotRow } from './quality-spot.repo';
import type { QualityTestRepoOf } from './quality-test.repo';

export const spotImageUrl = (spotId: number) => `/filter/api/marking/spot/${spotId}/image`;

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
  spotRepo: QualitySpotRepoOf;
  /** the bias rule on the checked marker, after the check is recorded (quality-monitor.ts `judge`) */
  onEvidence?: (blockId: number, userIds: number[]) => Promise<void>;
}) {
  const access = qualityAccess(d.repo(d.db));

  async function locked(tx: Tx, spotId: number, p: Principal): Promise<SpotRow> {
    const r = await d.spotRepo(tx).locked(spotId);
    if (!r) throw fail('spotNotFound');
    if (r.leader_id !== p.userId) throw fail('forbidden');
    return r;
  }

  async function names(ids: number[]) {
    return new Map((await d.repo(d.db).names(ids)).map((u) => [u.id, u.name]));
  }

  async function open(blockId: number, leaderId: number, db: Db | Tx = d.db): Promise<SpotTask | null> {
    const r = await d.spotRepo(db).open(blockId, leaderId);
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
      const name = await d.spotRepo(d.db).blockName(blockId);
      const { percent } = await percentOf(blockId);
      return {
        blockId,
        blockName: name ?? '',
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
        await d.spotRepo(tx).lockLeader(blockId, p.userId);
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
        const r = await d.spotRepo(tx).lease(blockId, marker.userId, p.userId);
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
      const r = await d.spotRepo(d.db).cut(spotId);
      if (!r) throw fail('spotNotFound');
      if (r.leaderId !== p.userId) throw fail('forbidden');
      return d.paperImage(r.regions, r.paperId);
    },

    /** The leader's blind mark: recorded, and only now the marker's mark is shown beside it. */
    async submit(spotId: number, input: SpotSubmitInput, p: Principal): Promise<SpotResult> {
      const result = await d.db.transaction(async (tx) => {
        const c = await locked(tx, spotId, p);
        if (c.voided_at !== null) throw fail('spotVoided');
        if (c.status !== 'leased' || c.lease_token !== input.leaseToken) throw fail('spotSubmittedNext');
        assertAllows(c.subject_status, 'changeMarks');
        const rules = await blockRules(tx, c.block_id);
        if (!rules) throw fail('blockNotFound');
        assertMarks(input.scores, rules);
        const mine = scoresOf(input.scores);
        const spots = d.spotRepo(tx);
        const t = await spots.checkedMark(c.task_id);
        if (!t || t.status !== 'submitted' || t.userId !== c.marker_id) {
          await spots.remove(spotId);
          throw fail('spotVoided');
        }
        const markerScore = t.score;
        await spots.submit(c, mine, markerScore);
        const { limit } = await percentOf(c.block_id, tx);
        const diff = Math.round((markerScore - mine.score) * 10) / 10 + 0;
        return {
          blockId: c.block_id,
          spotId,
          taskId: c.task_id,
          markerId: c.marker_id,
          markerName: (await names([c.marker_id])).get(c.marker_id) ?? '',
          markerScore,
          markerQuestionScores: t.questionScores,
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
        await d.spotRepo(tx).remove(spotId);
      });
    },
  };
}
export type SpotService = ReturnType<typeof spotService>;
