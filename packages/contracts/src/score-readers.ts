import type { Principal } from './capabilities';

/**
 * Which examinees' scores a user reads (DESIGN.md §6): every one, or those of some schools and some classes.
 * The reports and the students' own scores (score.students.read) share it.
 */
export type ScoreReaderView = { all: true } | { all: false; schools: Set<number>; classes: Set<number> };

// creator, exam manager, union manager, union monitor: the whole exam unless the grant names a school;
// subject manager (for their subject) and school manager: their grant's school.
const EXAM_WIDE = new Set([0, 1, 5, 8]);

/**
 * Who reads which scores: an administrator and the exam-wide roles the whole exam, a school's administrator or
 * manager their school, a subject's manager (for that subject) their school, a teacher the classes they teach
 * (teacherSchedule, `teacherClasses` read only when needed). A marker, leader or scanner reads nothing as such.
 */
export async function scoreReaderView(
  p: Principal,
  exam: { id: number; schoolId: number | null },
  subjectId: number | null,
  teacherClasses: () => Promise<number[]>,
): Promise<ScoreReaderView> {
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
