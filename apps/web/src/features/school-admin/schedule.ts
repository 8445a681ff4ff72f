import type { ClassItem, TeacherItem } from '@yj/contracts';

/** One class of the 任课表: for each subject, the teachers who teach it there. */
export interface ScheduleRow {
  classId: number;
  gradeName: string;
  className: string;
  bySubject: Record<string, string[]>;
}

export interface Schedule {
  subjects: string[];
  rows: ScheduleRow[];
  /** teachers with no class assigned yet: listed so the admin can finish the assignment */
  unassigned: TeacherItem[];
}

/**
 * Builds the 任课表 from the teachers list. A teacher record has subjects and classes but not their
 * pairing, so a teacher counts for each of their subjects in each of their classes; a teacher
 * without a subject is shown under 未定学科.
 */
export function buildSchedule(
  teachers: TeacherItem[],
  classes: ClassItem[],
  courseOrder: readonly string[],
): Schedule {
  const rows = new Map<number, ScheduleRow>(
    classes.map((c) => [c.id, { classId: c.id, gradeName: c.gradeName, className: c.name, bySubject: {} }]),
  );
  const used = new Set<string>();
  const unassigned: TeacherItem[] = [];
  for (const t of teachers) {
    if (t.classes.length === 0) {
      unassigned.push(t);
      continue;
    }
    const subjects = t.subjects.length ? t.subjects : ['未定学科'];
    for (const c of t.classes) {
      const row = rows.get(c.id);
      if (!row) continue;
      for (const s of subjects) {
        used.add(s);
        (row.bySubject[s] ??= []).push(t.name);
      }
    }
  }
  const order = (s: string) => {
    const i = courseOrder.indexOf(s);
    return i === -1 ? courseOrder.length + (s === '未定学科' ? 1 : 0) : i;
  };
  const subjects = [...used].sort((a, b) => order(a) - order(b) || a.localeCompare(b, 'zh-CN'));
  return { subjects, rows: [...rows.values()], unassigned };
}
