import { type Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { ExamService } from '../exam/exam.service';
import { assertAllows } from '../../lib/subject-state';

/** The schools whose scans a user may see in one exam: every school, or a list. */
export type SchoolFilter = 'all' | readonly number[];

// Exam-wide roles (creator, exam manager, union manager, union monitor) see every school unless
// the grant names one; scanner, subject manager and school manager follow their grant's subject and school.
const EXAM_WIDE = new Set([0, 1, 5, 8]);
const PER_SUBJECT = new Set([2, 3, 9]);

/**
 * The capability table decides whether a user may scan or read scans of a subject at all; this
 * narrows it to schools: a scanner of school A never sees school B's pages.
 */
export function scanSchools(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  subjectId?: number,
): SchoolFilter {
  if (p.isAdmin) return 'all';
  if (exam.schoolId !== null && p.schoolAdminOf.includes(exam.schoolId)) return 'all';
  const schools = new Set<number>(p.schoolAdminOf);
  for (const g of p.examRoles) {
    if (g.examId !== exam.id) continue;
    const fits =
      EXAM_WIDE.has(g.role) ||
      (PER_SUBJECT.has(g.role) &&
        (g.subjectId === null || subjectId === undefined || g.subjectId === subjectId));
    if (!fits) continue;
    if (g.schoolId === null) return 'all';
    schools.add(g.schoolId);
  }
  return [...schools];
}

export const seesSchool = (f: SchoolFilter, schoolId: number): boolean => f === 'all' || f.includes(schoolId);

/** Refuses (无权限) a school outside the filter. */
export function assertSchool(f: SchoolFilter, schoolId: number): void {
  if (!seesSchool(f, schoolId)) throw fail('forbidden');
}

/** The filter narrowed to one asked-for school (refused when outside it). */
export function narrow(f: SchoolFilter, schoolId: number | undefined): SchoolFilter {
  if (schoolId === undefined) return f;
  assertSchool(f, schoolId);
  return [schoolId];
}

/**
 * The exam of a subject and the schools the user may scan for in it. A write (upload, fix, absence,
 * 扫描完成) is refused once the subject's scores are published.
 */
export async function subjectScanAccess(
  exams: ExamService,
  subjectId: number,
  p: Principal,
  write: boolean,
): Promise<{ examId: number; filter: SchoolFilter }> {
  const s = await exams.subjectRow(subjectId);
  if (write) assertAllows(s.status, 'scan');
  const e = await exams.requireExam(s.examId);
  return { examId: e.id, filter: scanSchools(p, e, subjectId) };
}
