import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { ExamineeScoreHook } from '../score-compute/score-compute';
import { examScopes } from './exam-scope';
import { examRepo } from './exam.repo';
import { examService } from './exam.service';
import { examineeRepo } from './examinee.repo';
import { examineeService } from './examinee.service';
import { roleRepo } from './role.repo';
import { roleService } from './role.service';

/**
 * The exam module wired (composition root: routes.ts; the demo seed too): its repositories passed into its
 * services here. `scores`: an examinee's scores follow a change of their absence (score module).
 */
export function examModule(d: { db: Db; audit: AuditService; scores?: ExamineeScoreHook }) {
  const { db, audit } = d;
  return {
    scopes: examScopes(examRepo(db)),
    exams: examService({ db, repo: examRepo, audit }),
    examinees: examineeService({ db, repo: examineeRepo, examRepo, audit, scores: d.scores }),
    roles: roleService({ db, repo: roleRepo, examRepo, audit }),
  };
}
export type ExamModule = ReturnType<typeof examModule>;
