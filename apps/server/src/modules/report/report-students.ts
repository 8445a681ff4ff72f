import { gradeScores, groupRanks, ranks, standardScores, type GradeBand } from '@yj/stats';

/** One examinee's score in a report (a subject, or the total over the published subjects). */
export interface StudentEntry {
  examineeId: number;
  studentId: number;
  schoolId: number;
  classId: number;
  /** null: 缺考 */
  total: number | null;
}

export interface StudentFigures {
  rankInClass: number | null;
  rankInSchool: number | null;
  rank: number | null;
  z: number | null;
  t: number | null;
  grade: string | null;
  points: number | null;
}

/**
 * Each examinee's ranks in class, school and the whole exam (competition ranking, @yj/stats `ranks`), Z and T
 * scores and 等级赋分 over every examinee of the exam — the same population the report's figures use, so a
 * teacher who sees one class still reads the exam-wide rank and grade. Pure: data in, figures out.
 */
export function studentFigures(
  entries: readonly StudentEntry[],
  grades: readonly GradeBand[],
): StudentFigures[] {
  const totals = entries.map((e) => e.total);
  const rank = ranks(totals);
  const inClass = groupRanks(
    totals,
    entries.map((e) => e.classId),
  );
  const inSchool = groupRanks(
    totals,
    entries.map((e) => e.schoolId),
  );
  const { z, t } = standardScores(totals);
  const graded = gradeScores(totals, grades);
  return entries.map((_, i) => ({
    rankInClass: inClass[i]!,
    rankInSchool: inSchool[i]!,
    rank: rank[i]!,
    z: z[i]!,
    t: t[i]!,
    grade: graded[i]?.grade ?? null,
    points: graded[i]?.points ?? null,
  }));
}
