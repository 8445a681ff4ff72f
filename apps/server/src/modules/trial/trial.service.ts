import { type Paged, type TrialCandidate, type TrialOverview, type TrialPapersInput } from '@yj/contracts';
import { fail } from '../../errors';
import { likeAnywhere, type Db, type Tx } from '../../infra/db';
import { assertAllows } from '../../lib/subject-state';
import type { SubjectService, TransitionActor } from '../subject/subject.service';
import type { trialRepo } from './trial.repo';

/** The manager's side of 试评: choosing the papers, and trial start, pause, resume and rollback. */
export function trialService(d: { db: Db; subjects: SubjectService; repo: typeof trialRepo }) {
  async function subjectOf(tx: Tx | Db, subjectId: number) {
    const s = await d.repo(tx).subject(subjectId);
    if (!s) throw fail('subjectNotFound');
    return s;
  }
  async function blockOf(tx: Tx | Db, subjectId: number, blockId: number) {
    const b = await d.repo(tx).block(subjectId, blockId);
    if (!b) throw fail('blockNotFound');
    return b;
  }

  return {
    async overview(subjectId: number): Promise<TrialOverview> {
      const s = await subjectOf(d.db, subjectId);
      const blocks = await d.repo(d.db).blockCounts(subjectId);
      const paperCount = await d.repo(d.db).markableCount(subjectId);
      return {
        subjectId,
        status: s.status,
        paperCount,
        blocks: blocks.map((b) => ({
          blockId: b.block_id,
          name: b.name,
          papers: b.papers,
          markers: b.markers,
          marked: b.marked,
          referenced: b.referenced,
        })),
      };
    },

    /** Papers to pick from, by exam number or name, with the ones already chosen for the block. */
    async candidates(
      subjectId: number,
      blockId: number,
      q: { page: number; size: number; keyword?: string },
    ): Promise<Paged<TrialCandidate>> {
      await blockOf(d.db, subjectId, blockId);
      const like = q.keyword ? likeAnywhere(q.keyword) : null;
      const { rows, total } = await d.repo(d.db).candidates(subjectId, blockId, like, q);
      return {
        items: rows.map((r) => ({ paperId: r.paper_id, kaohao: r.kaohao, name: r.name, chosen: r.chosen })),
        total,
        size: q.size,
      };
    },

    /** The block's trial papers, chosen again (设置中 only: no trial mark exists then). */
    async choose(subjectId: number, blockId: number, input: TrialPapersInput): Promise<{ papers: number }> {
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const s = await r.subject(subjectId, true);
        if (!s) throw fail('subjectNotFound');
        assertAllows(s.status, 'trialStart');
        await blockOf(tx, subjectId, blockId);
        let ids: number[];
        if (input.mode === 'random') {
          ids = await r.randomMarkable(subjectId, input.count);
          if (!ids.length) throw fail('noPapersToMark');
        } else {
          const wanted = [...new Set(input.paperIds)];
          ids = await r.markableOf(subjectId, wanted);
          if (ids.length !== wanted.length) throw fail('papersNotMarkable');
        }
        await r.replacePapers(subjectId, blockId, ids);
        return { papers: ids.length };
      });
    },

    /** 开始试评: every block with trial papers needs markers; at least one block has trial papers. */
    start: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialStart', actor, {
        guard: async (tx) => {
          const rows = await d.repo(tx).chosenBlocks(subjectId);
          if (!rows.length) throw fail('trialPapersRequired');
          const bare = rows.filter((r) => r.markers === 0).map((r) => r.name);
          if (bare.length) throw fail('blocksWithoutMarkers', { blocks: bare.join('、') });
        },
      }),
    pause: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialPause', actor),
    resume: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialResume', actor),

    /**
     * 结束试评并回到设置: the trial marks are deleted and the papers return (the trial selection is emptied);
     * the audit line says how many. 样卷 kept from the trial, the task pool and every score stay as they are.
     */
    rollback(subjectId: number, actor: TransitionActor) {
      const detail: Record<string, number> = {};
      return d.subjects.transition(subjectId, 'trialRollback', actor, {
        after: async (tx) => {
          const { marks, papers } = await d.repo(tx).clear(subjectId);
          detail.trialMarksDeleted = marks;
          detail.trialPapersReturned = papers;
        },
        detail,
      });
    },
  };
}
export type TrialService = ReturnType<typeof trialService>;
