import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolStatistics } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { banji, grade, school, schoolAdmin, student, teacher } from '../../db/schema';

export function schoolRepo(db: Db) {
  const count = async (q: Promise<Array<{ n: number }>>): Promise<number> => Number((await q)[0]?.n ?? 0);
  const n = sql<number>`count(*)::int`;
  return {
    async find(schoolId: number) {
      const rows = await db
        .select()
        .from(school)
        .where(and(eq(school.id, schoolId), isNull(school.deletedAt)));
      return rows[0] ?? null;
    },
    async statistics(schoolId: number): Promise<SchoolStatistics> {
      const [grades, classes, students, teachers, admins] = await Promise.all([
        count(
          db
            .select({ n })
            .from(grade)
            .where(and(eq(grade.schoolId, schoolId), isNull(grade.deletedAt))),
        ),
        count(
          db
            .select({ n })
            .from(banji)
            .where(and(eq(banji.schoolId, schoolId), isNull(banji.deletedAt))),
        ),
        count(
          db
            .select({ n })
            .from(student)
            .where(and(eq(student.schoolId, schoolId), isNull(student.deletedAt))),
        ),
        count(
          db
            .select({ n })
            .from(teacher)
            .where(and(eq(teacher.schoolId, schoolId), isNull(teacher.deletedAt))),
        ),
        count(db.select({ n }).from(schoolAdmin).where(eq(schoolAdmin.schoolId, schoolId))),
      ]);
      return { grades, classes, students, teachers, admins };
    },
  };
}
