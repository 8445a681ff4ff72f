import { PaperStatus, type Principal, type ScanFixResult, type ScanResolution } from '@yj/contracts';
import { fail } from '../../../../errors';
import type { Actor } from '../../../../lib/actor';
import { assertSchool } from '../../scan-access';
import type { FixKit } from '../fix-kit';
import type { ScanFixRepo } from '../scan-fix.repo';
import { detailOf } from '../stored-reading';

const KAOHAO_TYPES = ['kaohao', 'kaohaoRepeat'];

/** 考号异常 and 考号重复: give the paper to an examinee, or keep one of two papers of one examinee. */
export function kaohaoFixes(kit: FixKit) {
  const { access, openException, livePaper, takeOut, record, repo } = kit;

  /** Gives the paper to the examinee and settles its exam-number exceptions. */
  async function assignTo(
    r: ScanFixRepo,
    examId: number,
    subjectId: number,
    paperId: number,
    examineeId: number,
    schoolId: number,
    actor: Actor,
  ) {
    const who = await r.lockExaminee(examId, examineeId);
    if (!who) throw fail('examineeNotFound');
    if (who.schoolId !== schoolId) throw fail('examineeNotOfSchool');
    const other = await r.livePaperOf(subjectId, examineeId, paperId);
    if (other !== null)
      throw fail(
        'examineeAlreadyHasPaperCompare',
        { name: await r.examineeName(examineeId), kaohao: who.kaohao },
        { paperId, otherPaperId: other, examineeId },
      );
    await r.updatePaper(paperId, { examineeId, kaohao: who.kaohao });
    const open = await r.openOf(paperId, KAOHAO_TYPES);
    const n = await r.resolve(
      open.map((x) => x.id),
      actor.userId,
      'assigned' satisfies ScanResolution,
      { examineeId },
    );
    await r.refreshStatus(paperId);
    return { kaohao: who.kaohao, resolved: n };
  }

  return {
    /** 考号异常 / 考号重复: the paper goes to the examinee; refused when they already have a live paper. */
    assign: kit.byException(
      'assign',
      'scan.fix.assign',
      async ({ r, examId, subjectId, paper, actor }, body: { exceptionId: number; examineeId: number }) => {
        const before = { examineeId: paper.examineeId, kaohao: paper.kaohao };
        const out = await assignTo(r, examId, subjectId, paper.id, body.examineeId, paper.schoolId, actor);
        return {
          result: { papers: [paper.id], resolved: out.resolved },
          audit: { before, after: { examineeId: body.examineeId, kaohao: out.kaohao } },
        };
      },
    ),

    /** 考号重复: keep one of the two papers; the other is set aside (a status, never deleted). */
    async keep(
      subjectId: number,
      body: { exceptionId: number; keepPaperId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      return kit.d.db.transaction(async (tx) => {
        const r = repo(tx);
        const e = await openException(r, subjectId, filter, body.exceptionId, 'keep');
        const { otherPaperId: otherId, examineeId } = detailOf(e, 'kaohaoRepeat');
        if (body.keepPaperId !== e.paperId && body.keepPaperId !== otherId) throw fail('keepOneOfTwoPapers');
        const mine = await livePaper(r, e.paperId);
        const other = await r.lockPaper(otherId);
        const otherLive = other && !other.deletedAt ? other : null;
        if (otherLive) assertSchool(filter, otherLive.schoolId);
        const drop = body.keepPaperId === mine.id ? otherLive : mine;
        const before = {
          kept: { id: body.keepPaperId },
          paper: { id: mine.id, examineeId: mine.examineeId, status: mine.status },
          other: otherLive
            ? { id: otherLive.id, examineeId: otherLive.examineeId, status: otherLive.status }
            : null,
        };
        let resolved = 0;
        if (drop) resolved += await takeOut(r, [drop.id], PaperStatus.setAside, actor.userId, 'setAside');
        if (body.keepPaperId === mine.id) {
          resolved += (await assignTo(r, examId, subjectId, mine.id, examineeId, mine.schoolId, actor))
            .resolved;
        }
        await record(tx, examId, actor, 'scan.fix.keep', `paper:${body.keepPaperId}`, {
          subjectId,
          exceptionId: e.id,
          before,
          after: { kept: body.keepPaperId, setAside: drop?.id ?? null, examineeId },
        });
        return { papers: [mine.id, ...(otherLive ? [otherLive.id] : [])], resolved };
      });
    },
  };
}
