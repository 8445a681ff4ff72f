import type { Principal, Report } from '@yj/contracts';
import { fail } from '../../errors';

/** What of an exam's report a user sees: everything, or some schools and some classes. */
export type ReportView = { all: true } | { all: false; schools: Set<number>; classes: Set<number> };

// creator, exam manager, union manager, union monitor: the whole exam unless the grant names a school;
// subject manager (for their subject) and school manager: their grant's school.
const EXAM_WIDE = new Set([0, 1, 5, 8]);

/**
 * Who sees what (spec §6): an administrator and the exam-wide roles the joint exam, a school manager (or a school
 * administrator) their school, a teacher the classes they teach. `teacherClasses` is read only when needed.
 */
export async function reportView(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  subjectId: number | null,
  teacherClasses: () => Promise<number[]>,
): Promise<ReportView> {
  if (p.isAdmin) return { all: true };
  if (exam.schoolId !== null && p.schoolAdminOf.includes(exam.schoolId)) return { all: true };
  const schools = new Set<number>(p.schoolAdminOf);
  for (const g of p.examRoles) {
    if (g.examId !== exam.id) continue;
    const fits =
      EXAM_WIDE.has(g.role) ||
      g.role === 9 ||
      (g.role === 3 && (g.subjectId === null || g.subjectId === subjectId));
    if (!fits) continue;
    const school = g.schoolId ?? (EXAM_WIDE.has(g.role) ? null : exam.schoolId);
    if (school === null) return { all: true };
    schools.add(school);
  }
  const classes = new Set(p.teacherOf.length ? await teacherClasses() : []);
  return { all: false, schools, classes };
}

/** The report narrowed to a view; refused (无权限) when the view holds nothing of it. */
export function narrowReport(r: Report, v: ReportView): Report {
  if (v.all) return r;
  const schools = r.schools.filter((s) => v.schools.has(s.id));
  const classes = r.classes.filter((c) => v.schools.has(c.schoolId) || v.classes.has(c.id));
  if (!schools.length && !classes.length) throw fail('forbidden');
  return { ...r, schools, classes, complete: false };
}
