import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { QuestionService } from '../question/question.service';
import type { PagePool } from '../scan/ingest/scan-pages';
import { templateImageService } from './template-image.service';
import { templateRepo } from './template.repo';
import { templateService } from './template.service';

/**
 * The template module wired (composition root: routes.ts): its repository passed into its service here; the
 * card pictures kept in storage, PDF and TIFF pages rendered on the scan module's page pool.
 */
export function templateModule(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
  storage: Storage;
  pages: PagePool;
}) {
  return {
    templates: templateService({
      db: d.db,
      repo: templateRepo,
      audit: d.audit,
      exams: d.exams,
      questions: d.questions,
    }),
    images: templateImageService({ storage: d.storage, pages: d.pages }),
  };
}
export type TemplateModule = ReturnType<typeof templateModule>;
