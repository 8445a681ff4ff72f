import { objectiveMismatches, scanningTemplate, type ObjectiveMismatch } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { QuestionService } from '../question/question.service';
import type { PagePool } from '../upload/scan-pages';
import { templateImageService } from './template-image.service';
import { templateRepo } from './template.repo';
import { templateItemOf, templateService } from './template.service';

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

/** The port other modules take for `templateMismatches`. */
export type TemplateFit = (db: Db, subjectId: number) => Promise<ObjectiveMismatch[]>;

/**
 * The objective questions a template reading the subject's sheets (a batch's with live papers, or the one
 * scanning uses now) reads otherwise than 题目设置 scores them, once per question: 开始阅卷 (subject module) and
 * 成绩核查 (score module) refuse while any is left. Read through `db` (the caller's transaction).
 */
export async function templateMismatches(db: Db, subjectId: number): Promise<ObjectiveMismatch[]> {
  // read through `db`: inside the start's transaction on the embedded database a read outside it would wait
  const templates = templateRepo(db);
  const all = await templates.ofSubject(subjectId);
  if (!all.length) return [];
  const readWith = new Set(await templates.readWith(subjectId));
  const scanning = scanningTemplate(all.map(templateItemOf));
  const reading = all.filter((t) => readWith.has(t.id) || t.id === scanning?.id);
  const objective = await templates.objectiveKinds(subjectId);
  const seen = new Set<string>();
  return reading
    .flatMap((t) => objectiveMismatches(t.body, objective))
    .filter((m) => !seen.has(m.no) && Boolean(seen.add(m.no)));
}
