import type { Db } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { AuditService } from '../audit/audit.service';
import { registerReviewScheduleJob, reviewScheduleService } from './review-schedule';
import type { StartPorts } from './review-start-check';
import { subjectRepo } from './subject.repo';
import { subjectService, type ReviewHooks } from './subject.service';

/**
 * The subject module wired (composition root: routes.ts): its repository passed into its services here, the
 * review times' job registered on the API process's own queue. `startPorts` (scan and template modules) and
 * `hooks` (the marking pool) are what 开始阅卷 and 阅卷完成 need of other modules.
 */
export function subjectModule(d: {
  db: Db;
  audit: AuditService;
  queue: Jobs;
  startPorts: StartPorts;
  hooks?: Partial<ReviewHooks>;
  onTransition?: Parameters<typeof subjectService>[0]['onTransition'];
}) {
  const { db, audit } = d;
  const subjects = subjectService({
    db,
    repo: subjectRepo,
    audit,
    startPorts: d.startPorts,
    hooks: d.hooks,
    onTransition: d.onTransition,
  });
  const schedule = reviewScheduleService({ db, repo: subjectRepo, audit, queue: d.queue, subjects });
  registerReviewScheduleJob(d.queue, schedule);
  return { subjects, schedule };
}
export type SubjectModule = ReturnType<typeof subjectModule>;
