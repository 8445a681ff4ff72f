import { allows, type MarkHistoryItem, type MarkModifyResult, type Paged, FAILURES } from '@yj/contracts';
import type { z } from 'zod';
import type { markHistoryQuery, markModify } from '@yj/contracts';
import { fail } from '../../../errors';
import { assertAllows } from '../../../lib/subject-state';
import type { Db } from '../../../infra/db';
import { finalizer, type Finalizer } from '../final/marking-final';
import { lockPaperTasks } from '../final/marking-final.repo';
import type { markingRepo } from '../pool/marking.repo';
import { assertMarks, blockRules, imageUrl, scoresOf } from '../rules/mark-rules';
import {
  blockSubjectStatus,
  modifyMark,
  ownMarksCount,
  ownMarksPage,
  type SubmittedMarkRow,
} from './marking-history.repo';

export const VERSION_CONFLICT = FAILURES.versionConflict.message;

/** The answer's item of one submitted mark; no student field, as on the marking screen. */
export const markHistoryItem = (r: SubmittedMarkRow, editable: boolean): MarkHistoryItem => ({
  taskId: r.id,
  score: Number(r.score),
  questionScores: r.question_scores,
  pointScores: r.point_scores,
  marks: r.marks,
  submittedAt: new Date(r.submitted_at).toISOString(),
  version: r.version,
  imageUrl: imageUrl(r.id),
  editable,
});

/** 回评 (DESIGN.md §5 History): the marker's own submitted marks of a block, and changing one of them. */
export function markingHistory(d: { db: Db; finalize?: Finalizer; repo: typeof markingRepo }) {
  const { repo } = d;
  const finalize = d.finalize ?? finalizer();
  return {
    async list(
      blockId: number,
      userId: number,
      q: z.infer<typeof markHistoryQuery>,
    ): Promise<Paged<MarkHistoryItem>> {
      const status = await blockSubjectStatus(d.db, blockId);
      if (status === null) throw fail('blockNotFound');
      const rows = await ownMarksPage(d.db, blockId, userId, q);
      const editable = allows(status, 'changeMarks');
      const total = rows[0]?.total ?? (q.page > 1 ? await ownMarksCount(d.db, blockId, userId, q) : 0);
      return {
        total,
        size: q.size,
        items: rows.map((r) => markHistoryItem(r, editable)),
      };
    },

    /**
     * Changes one of the marker's own submitted marks: the version read must still be current, the change is
     * kept in mark_task_change, and the paper's final score is decided again (it may now need, or no longer
     * need, a third mark or an arbitration).
     */
    async modify(
      taskId: number,
      userId: number,
      input: z.infer<typeof markModify>,
    ): Promise<MarkModifyResult> {
      return d.db.transaction(async (tx) => {
        const first = await repo.task(tx, taskId);
        if (!first) throw fail('taskNotFound');
        await lockPaperTasks(tx, first.block_id, first.paper_id);
        const t = (await repo.task(tx, taskId))!;
        if (t.user_id !== userId || t.status !== 'submitted') throw fail('onlyOwnSubmittedMarks');
        assertAllows((await repo.subjectStatus(tx, t.subject_id)) ?? -1, 'changeMarks');
        if (t.version !== input.version) throw fail('versionConflict');
        const rules = await blockRules(tx, t.block_id);
        if (!rules) throw fail('blockNotFound');
        assertMarks(input.scores, rules);
        const after = { ...scoresOf(input.scores), marks: input.marks };
        const before = {
          score: t.score === null ? null : Number(t.score),
          questionScores: t.question_scores,
          pointScores: t.point_scores,
          marks: t.marks,
          version: t.version,
        };
        await modifyMark(tx, taskId, userId, before, { ...after, version: t.version + 1 });
        await finalize(tx, t.block_id, t.paper_id, rules);
        return { version: t.version + 1, score: after.score };
      });
    },
  };
}
export type MarkingHistory = ReturnType<typeof markingHistory>;
