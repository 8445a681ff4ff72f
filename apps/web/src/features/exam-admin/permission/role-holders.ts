import type { StaffItem } from '@yj/contracts';
import { allowsSubject } from '../staff/role-rules';

/** The people holding one role on one subject and/or school of the exam. */
export interface HolderGroup {
  key: string;
  /** 数学 · 阳光实验中学; null when the role is held on the whole exam */
  label: string | null;
  people: StaffItem[];
}

export interface ExamShape {
  joint: boolean;
  subjectIds: readonly number[];
  schoolIds: readonly number[];
}

/** Position in the exam's own order; "all" (null) first, unknown ids last. */
function rank(id: number | null, order: readonly number[]): number {
  if (id === null) return -1;
  const i = order.indexOf(id);
  return i < 0 ? order.length : i;
}

/**
 * Groups the holders of `role` by subject (roles given per subject) and by school (joint exams),
 * in the exam's subject and school order, so the permission screen reads like the exam.
 */
export function holderGroups(staff: readonly StaffItem[], role: number, exam: ExamShape): HolderGroup[] {
  const groups = new Map<string, HolderGroup & { subjectId: number | null; schoolId: number | null }>();
  for (const r of staff) {
    if (r.role !== role) continue;
    const bySubject = allowsSubject(role) || r.subjectId !== null;
    const subjectId = bySubject ? r.subjectId : null;
    const schoolId = exam.joint ? r.schoolId : null;
    const key = `${subjectId ?? '*'}:${schoolId ?? '*'}`;
    let g = groups.get(key);
    if (!g) {
      const parts = [
        bySubject ? (r.subjectName ?? '全部科目') : null,
        exam.joint ? (r.schoolName ?? '全部学校') : null,
      ].filter((p): p is string => p !== null);
      g = { key, label: parts.length ? parts.join(' · ') : null, people: [], subjectId, schoolId };
      groups.set(key, g);
    }
    g.people.push(r);
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        rank(a.subjectId, exam.subjectIds) - rank(b.subjectId, exam.subjectIds) ||
        rank(a.schoolId, exam.schoolIds) - rank(b.schoolId, exam.schoolIds),
    )
    .map(({ key, label, people }) => ({ key, label, people }));
}
