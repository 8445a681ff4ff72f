import { scoreReaderView, type Report, type ScoreReaderView } from '@yj/contracts';
import { fail } from '../../errors';

/** What of an exam's report a user sees: the score readers' view of the contracts (who reads which scores). */
export type ReportView = ScoreReaderView;
export const reportView = scoreReaderView;

/**
 * Refuses (无权限) a view that holds nothing of the exam — another school's administrator, a teacher of classes
 * outside it — before anything of the exam's state is answered (which subjects are published).
 */
export async function assertSeesExam(
  v: ReportView,
  examId: number,
  hasExamineesIn: (examId: number, schools: number[], classes: number[]) => Promise<boolean>,
): Promise<void> {
  if (v.all) return;
  if (!v.schools.size && !v.classes.size) throw fail('forbidden');
  if (!(await hasExamineesIn(examId, [...v.schools], [...v.classes]))) throw fail('forbidden');
}

/** The report narrowed to a view; refused (无权限) when the view holds nothing of it. */
export function narrowReport(r: Report, v: ReportView): Report {
  if (v.all) return r;
  const schools = r.schools.filter((s) => v.schools.has(s.id));
  const classes = r.classes.filter((c) => v.schools.has(c.schoolId) || v.classes.has(c.id));
  if (!schools.length && !classes.length) throw fail('forbidden');
  return { ...r, schools, classes, complete: false };
}
