import { allows, SubjectStatus, type ResetCounts, type ResetInput } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db, Tx } from '../../../infra/db';
import type { Actor } from '../../../lib/actor';
import type { AuditService } from '../../audit/audit.service';
import type { Finalizer } from '../final/marking-final';
import type { markingResetRepo } from './marking-reset.repo';

/** Why a subject refuses 重置阅卷 (the lifecycle table allows it while marking runs or is paused). */
export function assertResettable(status: number): void {
  if (allows(status, 'resetMarks')) return;
  if (status === SubjectStatus.done) throw fail('resetAfterDone');
  if (status === SubjectStatus.published) throw fail('resetAfterPublish');
  if (status < SubjectStatus.reviewing) throw fail('resetBeforeReview');
  throw fail('subjectStateForbids');
}

/**
 * What other modules keep about the discarded marks of the block (all markers', `userId` null, or one marker's)
 * and must forget: 智能辅助's applied decisions on the papers, the quality records (标准卷 / self / spot
 * deviations, hidden papers, spot checks, flags) so the quality report starts over. Answers what it cleared,
 * counted per kind, for the audit row.
 */
export type Discard = (
  tx: Tx,
  blockId: number,
  paperIds: number[],
  userId: number | null,
) => Promise<Record<string, number> | void>;

/**
 * The discard of 重置阅卷 inside the caller's transaction (the subject locked by it): the marks of the block,
 * or one marker's, to the change history, the papers back to the pool, third marks and arbitrations given on
 * them removed, the block scores gone and the subject scores stale. 重新选题 discards a block's marks the same way.
 */
export async function discardMarks(
  tx: Tx,
  d: {
    finalize: Finalizer;
    onScores: (tx: Tx, paperIds: number[]) => Promise<void>;
    onDiscard: Discard;
    repo: typeof markingResetRepo;
  },
  blockId: number,
  userId: number | null,
  actorId: number,
  markCount: number,
) {
  const r = d.repo(tx);
  const papers = await r.papers(blockId, userId);
  const plan = await r.plan(blockId, userId, papers);
  // counted under the locks: what the confirmation showed, unless marks arrived meanwhile
  const counts = await r.counts(blockId, userId);
  await r.keepHistory(plan, actorId);
  await r.dropPairs(blockId, plan);
  await r.apply(plan);
  const dropped = await r.dropScores(blockId, papers);
  const cleared = (await d.onDiscard(tx, blockId, papers, userId)) ?? {};
  await d.onScores(tx, papers);
  for (const paperId of await r.complete(blockId, papers, markCount)) await d.finalize(tx, blockId, paperId);
  return { counts, dropped, cleared };
}

/**
 * 重置阅卷 (spec §2 resetting): a block's marks, or one marker's, discarded after marking started. In one
 * transaction the marks go to the change history, the papers back to the pool, third marks and arbitrations
 * given on them are removed, the block scores go and the subject scores are marked stale; audited.
 */
export function markingReset(d: {
  db: Db;
  audit: AuditService;
  finalize: Finalizer;
  /** the score queue: the subject scores of these papers are out of date */
  onScores: (tx: Tx, paperIds: number[]) => Promise<void>;
  onDiscard: Discard;
  repo: typeof markingResetRepo;
}) {
  async function blockOf(subjectId: number, blockId: number) {
    const b = await d.repo(d.db).block(blockId);
    if (!b || b.subject_id !== subjectId) throw fail('blockNotInSubject');
    return b;
  }

  return {
    async preview(subjectId: number, blockId: number, userId: number | null): Promise<ResetCounts> {
      await blockOf(subjectId, blockId);
      return d.repo(d.db).counts(blockId, userId);
    },

    async reset(subjectId: number, input: ResetInput, actor: Actor): Promise<ResetCounts> {
      await blockOf(subjectId, input.blockId);
      const userId = input.userId ?? null;
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const b = (await r.block(input.blockId, true))!;
        assertResettable(b.status);
        const papers = await r.papers(input.blockId, userId);
        if (!papers.length) throw fail(userId === null ? 'resetNothingInBlock' : 'resetNothingForMarker');
        const { counts, dropped, cleared } = await discardMarks(
          tx,
          d,
          input.blockId,
          userId,
          actor.userId,
          b.mark_count,
        );
        await d.audit.record(tx, {
          action: 'marking.reset',
          examId: b.exam_id,
          ...actor,
          target: userId === null ? `block:${input.blockId}` : `user:${userId}`,
          detail: {
            blockId: input.blockId,
            blockName: b.name,
            ...(userId === null ? {} : { markerId: userId }),
            reason: input.reason,
            counts,
            cleared,
            // a leader's score is no mark of the history: kept here
            before: { leaderScores: dropped.filter((s) => s.source === 'leader') },
            after: { status: 'pending' },
          },
        });
        return counts;
      });
    },
  };
}
export type MarkingReset = ReturnType<typeof markingReset>;
