import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { RoleService } from '../exam/role.service';
import { divideService } from './reviewer-divide';
import { reviewerExcel } from './reviewer-excel';
import { reviewerRepo } from './reviewer.repo';
import { reviewerService } from './reviewer.service';

/** The reviewer module wired (composition root: routes.ts): its repository passed into its services here. */
export function reviewerModule(d: { db: Db; audit: AuditService; exams: ExamService; roles: RoleService }) {
  const deps = { ...d, repo: reviewerRepo };
  const reviewers = reviewerService(deps);
  return {
    reviewers,
    divide: divideService({ ...deps, reviewers }),
    excel: reviewerExcel({ ...deps, reviewers }),
  };
}
export type ReviewerModule = ReturnType<typeof reviewerModule>;
