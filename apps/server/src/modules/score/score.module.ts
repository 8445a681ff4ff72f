import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { TemplateFit } from '../template/template.module';
import { scoreAdjustRepo } from './score-adjust.repo';
import { scoreAdjustService } from './score-adjust.service';
import type { ScoreCompute } from '../score-compute/score-compute';
import { scoreIrregularRepo } from './score-irregular.repo';
import { scoreIrregularService } from './score-irregular.service';
import { scoreKaohaoRepo } from './score-kaohao.repo';
import { scoreKaohaoService } from './score-kaohao.service';
import { registerPublishScheduleJob, scorePublishService } from './score-publish.service';
import { scorePublishRepo } from './score-publish.repo';
import { scoreQueryRepo } from './score-query.repo';
import { scoreReviewRepo } from './score-review.repo';
import { scoreService } from './score.service';

/**
 * The score module wired (composition root: routes.ts): its repositories passed into its services here.
 * `compute` (score-compute/score-compute.module.ts) is made before, as recognition and marking need it; `flush`: the subject's
 * scores marking left stale are re-derived before a page reads them; `templateFit` (template module) is what
 * 成绩核查 asks of templates.
 */
export function scoreModule(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  compute: ScoreCompute;
  templateFit: TemplateFit;
  flush?: (subjectId: number) => Promise<void>;
}) {
  const { db, audit, exams, compute } = d;
  return {
    scores: scoreService({
      db,
      repo: scoreQueryRepo,
      reviewRepo: scoreReviewRepo,
      audit,
      exams,
      compute,
      templateFit: d.templateFit,
      flush: d.flush,
    }),
    adjust: scoreAdjustService({
      db,
      repo: scoreAdjustRepo,
      irregularRepo: scoreIrregularRepo,
      audit,
      exams,
      compute,
    }),
    irregular: scoreIrregularService({ db, repo: scoreIrregularRepo, audit, exams, compute }),
    kaohao: scoreKaohaoService({
      db,
      repo: scoreKaohaoRepo,
      irregularRepo: scoreIrregularRepo,
      audit,
      exams,
      compute,
    }),
  };
}
export type ScoreModule = ReturnType<typeof scoreModule>;

/** 成绩发布 wired: its repositories passed in, its publish times' job registered on the API process's own queue. */
export function scorePublishing(d: Omit<Parameters<typeof scorePublishService>[0], 'repo' | 'queryRepo'>) {
  const publish = scorePublishService({ ...d, repo: scorePublishRepo, queryRepo: scoreQueryRepo });
  registerPublishScheduleJob(d.queue, publish);
  return publish;
}
