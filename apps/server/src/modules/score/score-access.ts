import { can, FAILURES, scoreReaderView, SubjectStatus, type Principal, type Scope } from '@yj/contracts';
import { fail } from '../../errors';
import type { ExamService } from '../exam/exam.service';
import { scanSchools, type SchoolFilter } from '../scan/scan-access';
import type { ReaderFilter } from './score-query.repo';

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
  const { subject, exam, scope } = await subjectOf(exams, subjectId);
  assertPublishedFor(p, subject, scope);
  return { examId: exam.id, filter: scoreSchools(p, exam, subjectId), subject, scope };
}

/**
 * As `scoreAccess`, for students' own scores: the examinees the user reads of them (`readerFilter`), refused
 * (无权限) before the subject's state is told when they read none.
 */
export async function studentScoreAccess(
  exams: ExamService,
  subjectId: number,
  p: Principal,
  reads: ReaderReads,
) {
  const { subject, exam, scope } = await subjectOf(exams, subjectId);
  const filter = await readerFilter(p, exam, subjectId, reads);
  assertPublishedFor(p, subject, scope);
  return { examId: exam.id, filter, subject };
}

async function subjectOf(exams: ExamService, subjectId: number) {
  const subject = await exams.subjectRow(subjectId);
  const exam = await exams.requireExam(subject.examId);
  const scope: Scope = { examId: exam.id, subjectId, ...(exam.schoolId ? { schoolId: exam.schoolId } : {}) };
  return { subject, exam, scope };
}

function assertPublishedFor(p: Principal, subject: { status: number }, scope: Scope): void {
  if (subject.status !== SubjectStatus.published && !can(p, 'score.unpublished.read', scope))
    throw fail('scoresNotPublished');
}

/** What `readerFilter` reads: a teacher's classes, and whether a filter holds some examinee of the exam. */
export interface ReaderReads {
  teacherClasses(userId: number): Promise<number[]>;
  seesAny(examId: number, schools: number[], classes: number[]): Promise<boolean>;
}

/**
 * The examinees whose own scores (names, 考号, per question) the user reads in an exam — of one subject, or of
 * every subject (all_score: null) — by the readers' view of the contracts, the reports' own: a teacher the
 * classes they teach, a school's administrator or manager their school, the exam's managers all of it. Refused
 * (无权限) when it holds none of the exam's examinees: a marker reads no roster as such.
 */
export async function readerFilter(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  subjectId: number | null,
  reads: ReaderReads,
): Promise<ReaderFilter> {
  const view = await scoreReaderView(p, exam, subjectId, () => reads.teacherClasses(p.userId));
  if (view.all) return 'all';
  const f = { schools: [...view.schools], classes: [...view.classes] };
  if (!(await reads.seesAny(exam.id, f.schools, f.classes))) throw fail('forbidden');
  return f;
}
