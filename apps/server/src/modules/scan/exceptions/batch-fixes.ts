import { PaperStatus, type Principal, type ScanFixResult } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Actor } from '../../../lib/actor';
import type { FixKit } from './fix-kit';

/**
 * The fixes of a whole batch, not one exception: 重新识别 (after a template fix) and 作废本批次 (DESIGN.md §4 "A pile
 * scanned wrong": a pile scanned one-sided, into the wrong school, with the wrong subject's sheets or too light is
 * scanned again as a whole; before, every paper of it had to be taken out one exception at a time).
 */
export function batchFixes(kit: FixKit) {
  const { record, requeue, takeOut } = kit;
  return {
    /** Re-recognises a batch (after a template fix): results and open exceptions are replaced, settled ones stay. */
    async rerecognise(
      subjectId: number,
      body: { batchId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onRequeue(subjectId, p, async ({ tx, r, examId, filter }) => {
        // a finished school's sheets are refused: recognising them again could reopen exceptions
        const batch = await kit.lockedBatch(tx, r, subjectId, filter, body.batchId);
        const papers = (await r.livePapersOfBatch(batch.id)).filter((x) => x.status !== PaperStatus.pending);
        if (!papers.length) throw fail('batchNotRerecognisable');
        const ids = papers.map((x) => x.id);
        const resolved = await requeue(r, ids, actor.userId);
        await record(tx, examId, actor, 'scan.fix.rerecognise', `scan_batch:${batch.id}`, {
          subjectId,
          before: { papers: ids.length, openExceptions: resolved },
          after: { queued: ids.length },
        });
        return { papers: ids, resolved };
      });
    },

    /**
     * Sets aside every live paper of the batch (kept, never deleted) and settles their open exceptions; the
     * examinees they were matched to go back to 未扫 (their scores follow) and the batch takes no more pages. One
     * transaction, the batch row locked. Refused while the batch is recognising (a paper would come back), once
     * the school has confirmed 扫描完成, and when a marker has had any of its papers: those are taken out one by one.
     */
    async voidBatch(
      subjectId: number,
      body: { batchId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onPapers(subjectId, p, async ({ tx, r, examId, filter }) => {
        const batch = await kit.lockedBatch(tx, r, subjectId, filter, body.batchId);
        if (batch.voidedAt) throw fail('batchAlreadyVoided');
        const papers = await r.livePapersOfBatch(batch.id);
        if (papers.some((x) => x.status === PaperStatus.pending)) throw fail('batchStillRecognising');
        const ids = papers.map((x) => x.id);
        const marked = await r.markedCount(ids);
        if (marked > 0) throw fail('batchMarked', { count: marked });
        const resolved = await takeOut(r, ids, PaperStatus.setAside, actor.userId, 'setAside');
        await r.voidBatch(batch.id, actor.userId);
        const examinees = [...new Set(papers.flatMap((x) => (x.examineeId ? [x.examineeId] : [])))];
        if (examinees.length) await kit.d.examineeScores?.(tx, subjectId, examinees);
        await record(tx, examId, actor, 'scan.fix.voidBatch', `scan_batch:${batch.id}`, {
          subjectId,
          before: { papers: ids, examinees, openExceptions: resolved },
          after: { status: PaperStatus.setAside },
        });
        return { papers: ids, resolved };
      });
    },
  };
}
