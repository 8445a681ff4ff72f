import {
  GROUP_SHOWN,
  MarkSlot,
  type BlockRegion,
  type GroupScoreResult,
  type IntelligentReviewView,
  type MarkSubmitInput,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import { assertAllows } from '../../lib/subject-state';
import { assertNotPaused } from '../quality/quality-pause';
import type { Finalizer } from '../marking/final/marking-final';
import { assertMarks, blockRules, scoresOf } from '../marking/rules/mark-rules';
import { runView, type intelligentRepo } from './intelligent.repo';

const imageUrl = (subjectId: number, blockId: number, paperId: number) =>
  `/filter/api/subject/${subjectId}/setting/intelligent/intelligentReview/image?blockId=${blockId}&paperId=${paperId}`;

/**
 * 相同答案归组 on the marker's side (intelligentReview): the block's groups of alike answers, a score given to
 * a whole group, a paper taken out of its group. A group score is one mark of the signed-in marker on each
 * paper: the paper's first free slot the marker has not marked (double marking: the other slot is still
 * marked by someone else in ordinary marking), submitted and decided by finalize like a mark from the
 * marking screen; history 'intelligent-group'. A paper someone holds or marked meanwhile is skipped.
 *
 * A group score gives the marks to the papers the marker was shown side by side (the request names them) and
 * no other: a paper of the group the screen did not show waits for the next look. Papers waiting in a group
 * stay in the ordinary pool (issue 29: while grouping was on, markers saw 暂无可阅试卷): a paper claimed or
 * marked meanwhile is skipped by the group score and leaves its group. A group score counts against the
 * marker's quota like claimed papers; 移出 takes one paper out (a group of one is no group).
 */
export function intelligentGroupService(d: {
  db: Db;
  finalize: Finalizer;
  /**
   * The marker's effective quota in the block (null: none) and the papers it already counts, the reviewer row
   * locked for the transaction so a claim of the same marker (another tab) waits: the marking module's port.
   */
  quota: (tx: Tx, blockId: number, userId: number) => Promise<{ quota: number | null; used: number }>;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  repo: typeof intelligentRepo;
}) {
  /** The block of the subject, for a marker or leader of it (block_reviewer), with its subject's state. */
  async function marked(subjectId: number, blockId: number, userId: number) {
    const b = await d.repo(d.db).markedBlock(blockId, userId);
    if (!b || b.subject_id !== subjectId) throw fail('blockNotInSubject');
    if (!b.mine) throw fail('forbidden');
    return b;
  }

  return {
    async groups(subjectId: number, blockId: number, userId: number): Promise<IntelligentReviewView> {
      const b = await marked(subjectId, blockId, userId);
      const r = d.repo(d.db);
      const run = (await r.latestRuns([blockId])).find((x) => x.kind === 'group');
      const rules = await blockRules(d.db, blockId);
      return {
        blockId,
        blockName: b.name,
        run: run ? runView(run) : null,
        questions: (rules?.questions ?? []).map((q) => ({ no: q.no, fullScore: q.fullScore, step: q.step })),
        groups: (await r.groups(blockId, GROUP_SHOWN)).map((g) => ({
          id: g.id,
          size: g.size,
          papers: g.papers.map((x) => ({ ...x, imageUrl: imageUrl(subjectId, blockId, x.paperId) })),
        })),
      };
    },

    async score(
      subjectId: number,
      input: { blockId: number; groupId: number; paperIds: number[]; scores: MarkSubmitInput['scores'] },
      userId: number,
    ): Promise<GroupScoreResult> {
      const b = await marked(subjectId, input.blockId, userId);
      assertAllows(b.status, 'mark');
      return d.db.transaction(async (tx) => {
        // a marker the quality checks paused marks no group either
        await assertNotPaused(tx, input.blockId, userId);
        // first the reviewer row, as the claim: the marker's claims wait for this score, and the tasks after
        const q = await d.quota(tx, input.blockId, userId);
        const r = d.repo(tx);
        const rules = (await blockRules(tx, input.blockId))!;
        assertMarks(input.scores, rules);
        const waiting = await r.groupPapers(input.blockId, input.groupId, true);
        // only what the marker was shown: a paper of the group they did not see is never scored with it
        const shown = new Set(input.paperIds);
        const papers = waiting.filter((p) => shown.has(p));
        if (!papers.length) throw fail('groupHasNoPending');
        const tasks = await r.lockTasks(input.blockId, papers);
        const scored = await r.hasScore(input.blockId, papers);
        const free = (t: (typeof tasks)[number]) =>
          t.status === 'pending' ||
          (t.status === 'leased' && t.lease_until !== null && new Date(t.lease_until).getTime() < Date.now());
        const chosen: number[] = [];
        const given: number[] = [];
        for (const pid of papers) {
          if (scored.has(pid)) continue;
          const mine = tasks.filter((t) => t.paper_id === pid);
          // never two slots of a paper for one marker (as the claim); third marks and arbitration are not ours
          if (mine.some((t) => t.user_id === userId && t.status === 'submitted')) continue;
          const slot = mine.find((t) => t.slot <= rules.markCount && t.slot !== MarkSlot.third && free(t));
          if (!slot) continue;
          chosen.push(slot.id);
          given.push(pid);
        }
        if (given.length) {
          if (q.quota !== null && q.used + given.length > q.quota) {
            const left = Math.max(0, q.quota - q.used);
            throw left ? fail('groupOverQuota', { count: given.length, left }) : fail('quotaUsedUp');
          }
        }
        const s = scoresOf(input.scores);
        await r.submitTasks(
          chosen,
          { userId, score: s.score, questionScores: s.questionScores },
          {
            actorId: userId,
            action: 'intelligent-group',
            after: { status: 'submitted', groupId: input.groupId },
          },
        );
        for (const pid of given) await d.finalize(tx, input.blockId, pid, rules);
        await r.setGroupState(input.blockId, given, 'scored');
        // what it skipped (held or marked meanwhile) is marked one by one; papers not shown stay in the group,
        // unless one is left alone (a group of one is no group)
        const unseen = waiting.filter((p) => !shown.has(p));
        await r.setGroupState(
          input.blockId,
          [...papers.filter((p) => !given.includes(p)), ...(unseen.length === 1 ? unseen : [])],
          'split',
        );
        return { scored: given.length, skipped: papers.length - given.length };
      });
    },

    async split(
      subjectId: number,
      input: { blockId: number; groupId: number; paperId: number },
      userId: number,
    ) {
      const b = await marked(subjectId, input.blockId, userId);
      assertAllows(b.status, 'mark');
      await d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const papers = await r.groupPapers(input.blockId, input.groupId, true);
        if (!papers.includes(input.paperId)) throw fail('answerNotInGroup');
        // a group of one is no group: the last paper goes back to ordinary marking with the one taken out
        await r.setGroupState(input.blockId, papers.length <= 2 ? papers : [input.paperId], 'split');
      });
    },

    /** The cut of a grouped paper, for the block's markers (who see no student's identity here either). */
    async image(subjectId: number, blockId: number, paperId: number, userId: number): Promise<Buffer> {
      const b = await marked(subjectId, blockId, userId);
      if (!(await d.repo(d.db).inGroup(blockId, paperId))) throw fail('answerNotInBlockGroups');
      return d.paperImage(b.regions, paperId);
    },
  };
}
export type IntelligentGroupService = ReturnType<typeof intelligentGroupService>;
