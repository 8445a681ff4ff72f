import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { QuestionService } from '../question/question.service';
import type { PaperImageService } from '../scan/image/paper-image.service';
import type { TemplateService } from '../template/template.service';
import { blockPreviewService } from './block-preview.service';
import { blockRepo } from './block.repo';
import { blockService } from './block.service';

/**
 * The block module wired (composition root: routes.ts): its repository passed into its service here; the
 * previews cut by the scan module's paper images.
 */
export function blockModule(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
  templates: TemplateService;
  images: PaperImageService;
}) {
  const { exams, templates } = d;
  const blocks = blockService({
    db: d.db,
    repo: blockRepo,
    audit: d.audit,
    exams,
    questions: d.questions,
    templates,
  });
  return { blocks, cuts: blockPreviewService({ exams, blocks, templates, images: d.images }) };
}
export type BlockModule = ReturnType<typeof blockModule>;
