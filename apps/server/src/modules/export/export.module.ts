import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { allScoreRepo } from './all-score.repo';
import { allScoreService } from './all-score.service';
import { scoreReads } from '../score/score-reads';
import { exportQueue, registerExportJobs } from './export.jobs';
import { exportRepo } from './export.repo';
import { scoreImportRepo } from './score-import.repo';
import { exportService } from './export.service';
import { scoreImportService } from './score-import.service';

/** The repositories the export tasks and their sheets read (the sheets also read score's port, `scoreReads`). */
export const exportRepos = { repo: exportRepo, sheets: { allScore: allScoreRepo, scores: scoreReads } };

/**
 * The export module wired (composition root: routes.ts): its repository passed into its services here, and its
 * own one-at-a-time queue of exports registered on the app (export.jobs.ts).
 */
export function exportModule(
  app: FastifyInstance,
  d: { db: Db; storage: Storage; audit: AuditService; exams: ExamService },
) {
  const { db, audit, exams } = d;
  const queue = exportQueue(app);
  const exports = exportService({ db, storage: d.storage, audit, exams, queue: queue.jobs, ...exportRepos });
  registerExportJobs(app, queue, exports);
  return {
    exports,
    allScore: allScoreService({ db, repo: allScoreRepo, exams, audit }),
    imports: scoreImportService({ db, audit, exams, repo: scoreImportRepo }),
  };
}
export type ExportModule = ReturnType<typeof exportModule>;
