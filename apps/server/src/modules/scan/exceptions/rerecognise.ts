import { PaperStatus, type Principal, type ScanFixResult } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Actor } from '../../../lib/actor';
import { assertSchool } from '../scan-access';
import type { FixKit } from './fix-kit';

/** A batch recognised again (after a template fix): not one exception, every paper of the batch. */
export function rerecogniseFix(kit: FixKit) {
  const { record, requeue } = kit;
  return {
    /** Re-recognises a batch (after a template fix): results and open exceptions are replaced, settled ones stay. */
    async rerecognise(
      subjectId: number,
      body: { batchId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onRequeue(subjectId, p, async ({ tx, r, examId, filter }) => {
        const batch = await r.batch(body.batchId);
        if (!batch || batch.subjectId !== subjectId) throw fail('batchNotFound');
        assertSchool(filter, batch.schoolId);
        // a finished school's sheets stay as confirmed: recognising them again could reopen exceptions
        if (await kit.d.finishRepo(tx).lockFinish(subjectId, batch.schoolId))
          throw fail('scanFinishedLocked');
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
  };
}
