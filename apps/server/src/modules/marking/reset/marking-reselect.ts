import type { ReselectInput, ReselectPreview, ReselectResult } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db, Tx } from '../../../infra/db';
import type { Actor } from '../../../lib/actor';
import { blockEntry, type AuditService } from '../../audit/audit.service';
import type { QuestionService } from '../../question/question.service';
import type { Finalizer } from '../final/marking-final';
import { assertResettable, discardMarks, type Discard } from './marking-reset';
import type { markingResetRepo } from './marking-reset.repo';

/** the answers' types (the route contract's schemas); the module's tests read them from here */
export type { ReselectPreview, ReselectResult };

/**
 * 重新选题 (spec §2 resetting/{reSelectFlag}): a block's questions changed after marking started. Marks are
 * given per question of the block, so every mark of the block is discarded the way 重置阅卷 discards them
 * (kept in mark_task_change) and the papers are marked again on the new questions; the 给分点 of questions
 * that left go with them. Refused, with the reason, once the subject is done or published; audited.
 */
export function markingReselect(d: {
  db: Db;
  audit: AuditService;
  questions: QuestionService;
  finalize: Finalizer;
  onScores: (tx: Tx, paperIds: number[]) => Promise<void>;
  onDiscard: Discard;
  repo: typeof markingResetRepo;
}) {
  const blocksOf = (db: Db | Tx, subjectId: number) => d.repo(db).subjectBlocks(subjectId);

  async function blockOf(subjectId: number, blockId: number) {
    const b = await d.repo(d.db).block(blockId);
    if (!b || b.subject_id !== subjectId) throw fail('blockNotInSubject');
    return b;
  }

  return {
    async preview(subjectId: number, blockId: number): Promise<ReselectPreview> {
      await blockOf(subjectId, blockId);
      const blocks = await blocksOf(d.db, subjectId);
      const used = new Set(blocks.flatMap((b) => b.nos));
      const structure = await d.questions.structureIn(d.db, subjectId);
      return {
        ...(await d.repo(d.db).counts(blockId, null)),
        nos: blocks.find((b) => b.id === blockId)!.nos,
        free: structure.subjective.map((q) => q.no).filter((no) => !used.has(no)),
      };
    },

    async reselect(subjectId: number, input: ReselectInput, actor: Actor): Promise<ReselectResult> {
      await blockOf(subjectId, input.blockId);
      return d.db.transaction(async (tx) => {
        const b = (await d.repo(tx).block(input.blockId, true))!;
        assertResettable(b.status);
        const questions = new Map(
          (await d.questions.structureIn(tx, subjectId)).subjective.map((q) => [q.no, q]),
        );
        const blocks = await blocksOf(tx, subjectId);
        const self = blocks.find((x) => x.id === input.blockId)!;
        const nos = [...new Set(input.nos)];
        for (const no of nos) {
          if (!questions.has(no)) throw fail('reselectQuestionNotSubjective', { no });
          const other = blocks.find((x) => x.id !== input.blockId && x.nos.includes(no));
          if (other) throw fail('reselectQuestionInOtherBlock', { no, block: other.name });
        }
        if (nos.length === self.nos.length && nos.every((n) => self.nos.includes(n)))
          throw fail('blockQuestionsUnchanged');
        const full = nos.reduce((a, no) => a + questions.get(no)!.score, 0);
        const threshold = self.threshold === null ? null : Number(self.threshold);
        if (threshold !== null && threshold >= full)
          throw fail('reselectThresholdTooHigh', { threshold, full });
        const { counts, dropped, cleared } = await discardMarks(
          tx,
          d,
          input.blockId,
          null,
          actor.userId,
          b.mark_count,
        );
        const points = self.points.filter((p) => nos.includes(p.no));
        await d.repo(tx).setQuestions(input.blockId, nos, points);
        const unassigned = self.nos.filter((no) => !nos.includes(no));
        await d.audit.record(
          tx,
          blockEntry('marking.reselect', { examId: b.exam_id, id: input.blockId, name: b.name }, actor, {
            reason: input.reason,
            counts,
            cleared,
            before: { nos: self.nos, leaderScores: dropped.filter((s) => s.source === 'leader') },
            after: { nos, unassigned },
          }),
        );
        return { ...counts, nos, unassigned };
      });
    },
  };
}
export type MarkingReselect = ReturnType<typeof markingReselect>;
