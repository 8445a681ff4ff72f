import {
  type Paged,
  type Principal,
  type ScoreAdjustBody,
  type ScoreAdjusted,
  type ScoreAdjustmentItem,
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
import type { scoreAdjustRepo } from './score-adjust.repo';
import type { scoreIrregularRepo } from './score-irregular.repo';

/** A multiple of step within float noise. */
const onStep = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9;

/** 成绩调整 (spec score/adjust, adjust/checkdetail): a question's score by hand, before / after / reason kept. */
export function scoreAdjustService(d: {
  db: Db;
  irregularRepo: typeof scoreIrregularRepo;
  repo: typeof scoreAdjustRepo;
  audit: AuditService;
  exams: ExamService;
  compute: ScoreCompute;
}) {
  return {
    async adjust(
      subjectId: number,
      body: ScoreAdjustBody,
      p: Principal,
      actor: Actor,
    ): Promise<ScoreAdjusted> {
      const { examId, filter } = await scoreAccess(d.exams, subjectId, p);
      return d.db.transaction(async (tx) => {
        // read under a share lock: a publish waits for this adjustment, or this one sees it published
        assertAllows((await d.irregularRepo(tx).lockStatus(subjectId)) ?? -1, 'adjustScores');
        const r = d.repo(tx);
        const who = await r.examinee(examId, body.examineeId);
        if (!who) throw fail('examineeNotFound');
        assertSchool(filter, who.schoolId);
        const q = await r.question(subjectId, body.questionNo);
        if (!q) throw fail('adjustQuestionNotFound', { no: body.questionNo });
        const full = Number(q.score);
        if (body.score > full) throw fail('adjustScoreOverFull', { no: q.no, score: body.score, full });
        // objective questions are scored in whole or half points; subjective ones on their step
        const step = q.kind === 'subjective' ? Number(q.step) : 0.5;
        if (!onStep(body.score, step)) throw fail('adjustScoreStep', { no: q.no, step });
        const row = await r.lockScore(subjectId, who.id);
        if (!row || row.total === null) throw fail('adjustAbsentOrNoPaper');
        const before = row.questionScores[q.no] ?? null;
        if (before === body.score) throw fail('adjustScoreUnchanged');
        await r.insert({
          subjectId,
          examineeId: who.id,
          questionNo: q.no,
          before,
          after: body.score,
          reason: body.reason,
          userId: actor.userId,
        });
        await d.compute.examinees(tx, subjectId, [who.id]);
        const after = await r.lockScore(subjectId, who.id);
        await d.audit.record(tx, {
          action: 'score.adjust',
          examId,
          ...actor,
          target: `examinee:${who.id}`,
          detail: { subjectId, questionNo: q.no, before, after: body.score, reason: body.reason },
        });
        return { before, after: body.score, total: after?.total ?? null };
      });
    },

    async list(
      subjectId: number,
      q: { page: number; size: number },
      p: Principal,
    ): Promise<Paged<ScoreAdjustmentItem>> {
      const { filter } = await scoreAccess(d.exams, subjectId, p);
      const rows = await d.repo(d.db).list(subjectId, filter, q.page, q.size);
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        items: rows.map(({ count: _c, at, ...x }) => ({ ...x, at: at.toISOString() })),
      };
    },
  };
}
export type ScoreAdjustService = ReturnType<typeof scoreAdjustService>;
