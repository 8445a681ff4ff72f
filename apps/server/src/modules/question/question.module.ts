import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { questionRepo } from './question.repo';
import { questionService } from './question.service';

/**
 * The question module wired (composition root: routes.ts): its repository passed into its service here.
 * `rescore`: a saved change of keys or structure queues the subject's re-scoring (score module).
 */
export function questionModule(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  rescore?: (subjectId: number) => Promise<void>;
}) {
  return { questions: questionService({ ...d, repo: questionRepo }) };
}
export type QuestionModule = ReturnType<typeof questionModule>;
