import type { IrregularBody, IrregularItem, Paged, Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { assertSchool } from '../scan/scan-access';
import { assertAllows } from '../../lib/subject-state';
import { scoreAccess } from './score-access';
import type { ScoreCompute } from '../score-compute/score-compute';
import type { scoreIrregularRepo } from './score-irregular.repo';

/**
 * 违纪 (DESIGN.md §6): an examinee's subject scores 0 with the reason kept, apart from 缺考 (absent keeps no
 * figure). Marked and cleared until the scores are published, each change audited with the totals before and
 * after; the score is derived again in the same transaction.
 */
export function scoreIrregularService(d: {
  db: Db;
  repo: typeof scoreIrregularRepo;
  audit: AuditService;
  exams: ExamService;
  compute: ScoreCompute;
}) {
  async function change(
    subjectId: number,
    examineeId: number,
    reason: string | null,
    p: Principal,
    actor: Actor,
  ): Promise<{ total: number | null }> {
    const { examId, filter } = await scoreAccess(d.exams, subjectId, p);
    return d.db.transaction(async (tx) => {
      const repo = d.repo(tx);
      assertAllows((await repo.lockStatus(subjectId)) ?? -1, 'adjustScores');
      const who = await repo.examinee(examId, subjectId, examineeId);
      if (!who) throw fail('examineeNotFound');
      assertSchool(filter, who.schoolId);
      if (reason !== null && who.absent) throw fail('violationAbsent');
      if (reason !== null && !who.hasPaper) throw fail('violationNoPaper');
      if (reason === null && !who.irregular) throw fail('violationNotMarked');
      const before = await repo.total(subjectId, examineeId);
      await repo.set(subjectId, examineeId, reason === null ? null : { reason, userId: actor.userId });
      await d.compute.examinees(tx, subjectId, [examineeId]);
      const total = await repo.total(subjectId, examineeId);
      await d.audit.record(tx, {
        action: reason === null ? 'score.irregularCancel' : 'score.irregular',
        examId,
        ...actor,
        target: `examinee:${examineeId}`,
        detail: { subjectId, reason, before, after: total },
      });
      return { total };
    });
  }

  return {
    mark: (subjectId: number, body: IrregularBody, p: Principal, actor: Actor) =>
      change(subjectId, body.examineeId, body.reason, p, actor),

    cancel: (subjectId: number, examineeId: number, p: Principal, actor: Actor) =>
      change(subjectId, examineeId, null, p, actor),

    async list(
      subjectId: number,
      q: { page: number; size: number },
      p: Principal,
    ): Promise<Paged<IrregularItem>> {
      const { filter } = await scoreAccess(d.exams, subjectId, p);
      const rows = await d.repo(d.db).list(subjectId, filter, q.page, q.size);
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        items: rows.map(({ count: _c, at, reason, ...x }) => ({
          ...x,
          reason: reason ?? '',
          at: at === null ? null : new Date(at).toISOString(),
        })),
      };
    },
  };
}
export type ScoreIrregularService = ReturnType<typeof scoreIrregularService>;
