import { can, SubjectStatus, type Principal, type Scope, FAILURES } from '@yj/contracts';
import { fail } from '../../errors';
import type { ExamService } from '../exam/exam.service';
import { scanSchools, type SchoolFilter } from '../scan/scan-access';

/** Marking roles of a subject (reviewers, leaders, quality persons): they see its published scores. */
const MARKING_ROLES = new Set([4, 6, 7]);
export const NOT_PUBLISHED = FAILURES.scoresNotPublished.message;
export const NOT_ALL_PUBLISHED = FAILURES.notAllPublished.message;

/**
 * The schools whose scores a user sees in a subject: those of the scan rules, plus the schools of the user's
 * marking roles and, in a school's own exam, the school of a teacher of it.
 */
export function scoreSchools(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  /** null: the whole exam (all_score), where a marking role in any subject counts */
  subjectId: number | null,
): SchoolFilter {
  const base = scanSchools(p, exam, subjectId ?? undefined);
  if (base === 'all') return base;
  const schools = new Set(base);
  for (const g of p.examRoles) {
    if (g.examId !== exam.id || !MARKING_ROLES.has(g.role)) continue;
    if (subjectId !== null && g.subjectId !== null && g.subjectId !== subjectId) continue;
    if (g.schoolId === null) return 'all';
    schools.add(g.schoolId);
  }
  if (exam.schoolId !== null && p.teacherOf.includes(exam.schoolId)) schools.add(exam.schoolId);
  return [...schools];
}

/**
 * The subject, its exam and the schools the user sees. Before the scores are published only a holder of
 * score.unpublished.read sees them: teachers and the exam's staff wait for 发布.
 */
export async function scoreAccess(exams: ExamService, subjectId: number, p: Principal) {
  const subject = await exams.subjectRow(subjectId);
  const exam = await exams.requireExam(subject.examId);
  const scope: Scope = { examId: exam.id, subjectId, ...(exam.schoolId ? { schoolId: exam.schoolId } : {}) };
  if (subject.status !== SubjectStatus.published && !can(p, 'score.unpublished.read', scope))
    throw fail('scoresNotPublished');
  return { examId: exam.id, filter: scoreSchools(p, exam, subjectId), subject, scope };
}
