import type {
  Paged,
  Principal,
  ScoreKaohaoBody,
  ScoreKaohaoItem,
  ScoreKaohaoMoved,
  StoredKaohaoMove,
} from '@yj/contracts';
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
import { KAOHAO_ACTION, type scoreKaohaoRepo } from './score-kaohao.repo';

/**
 * 考号调整 (spec adjust/kaohao): a sheet marked under the wrong exam number moves to the right examinee after
 * marking. Marks are tied to the paper (mark tasks, block scores), so they follow it; the rules are those of
 * the scan module's 考号异常 fix (same school, the target without a sheet of the subject, 缺考 cleared).
 */
export function scoreKaohaoService(d: {
  db: Db;
  irregularRepo: typeof scoreIrregularRepo;
  repo: typeof scoreKaohaoRepo;
  audit: AuditService;
  exams: ExamService;
  compute: ScoreCompute;
}) {
  return {
    async move(
      subjectId: number,
      body: ScoreKaohaoBody,
      p: Principal,
      actor: Actor,
    ): Promise<ScoreKaohaoMoved> {
      const { examId, filter } = await scoreAccess(d.exams, subjectId, p);
      return d.db.transaction(async (tx) => {
        // under a share lock on the subject: a publish waits for this move, or this move sees it published
        assertAllows((await d.irregularRepo(tx).lockStatus(subjectId)) ?? -1, 'adjustScores');
        const r = d.repo(tx);
        const from = await r.lockById(examId, body.examineeId);
        if (!from) throw fail('examineeNotFound');
        assertSchool(filter, from.schoolId);
        if (from.kaohao === body.kaohao) throw fail('kaohaoUnchanged');
        const to = await r.lockByKaohao(examId, body.kaohao);
        if (!to) throw fail('kaohaoNotInSubject', { kaohao: body.kaohao });
        if (to.schoolId !== from.schoolId) throw fail('kaohaoNotOfSchool', { kaohao: body.kaohao });
        const sheet = await r.lockSheet(subjectId, from.id);
        if (!sheet) throw fail('examineeHasNoPaper', { name: from.name, kaohao: from.kaohao });
        if (await r.lockSheet(subjectId, to.id))
          throw fail('examineeAlreadyHasPaperCheck', { name: to.name, kaohao: to.kaohao });
        const adjustmentsMoved = await r.move(subjectId, sheet.id, from.id, to);
        await d.compute.examinees(tx, subjectId, [from.id, to.id]);
        const detail: StoredKaohaoMove = {
          subjectId,
          paperId: sheet.id,
          before: from.kaohao,
          after: to.kaohao,
          fromExamineeId: from.id,
          toExamineeId: to.id,
          fromName: from.name,
          toName: to.name,
          reason: body.reason,
          adjustmentsMoved,
        };
        await d.audit.record(tx, {
          action: KAOHAO_ACTION,
          examId,
          schoolId: from.schoolId,
          ...actor,
          target: `paper:${sheet.id}`,
          detail,
        });
        const totals = await r.totals(subjectId, [from.id, to.id]);
        const side = (x: typeof from) => ({
          examineeId: x.id,
          kaohao: x.kaohao,
          name: x.name,
          total: totals.get(x.id) ?? null,
        });
        return { paperId: sheet.id, from: side(from), to: side(to) };
      });
    },

    async list(
      subjectId: number,
      q: { page: number; size: number },
      p: Principal,
    ): Promise<Paged<ScoreKaohaoItem>> {
      const { examId, filter } = await scoreAccess(d.exams, subjectId, p);
      const rows = await d.repo(d.db).list(examId, subjectId, filter, q.page, q.size);
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        items: rows.map((x) => {
          const m = x.detail;
          return {
            id: x.id,
            paperId: m.paperId,
            fromKaohao: m.before,
            fromName: m.fromName,
            toKaohao: m.after,
            toName: m.toName,
            reason: m.reason,
            userName: x.userName ?? '',
            at: x.at.toISOString(),
          };
        }),
      };
    },
  };
}
export type ScoreKaohaoService = ReturnType<typeof scoreKaohaoService>;
