import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { HomeExam, Paged } from '@yj/contracts';
import { likeAnywhere, type Db } from '../../infra/db';
import { exam, examRole, grade, school, schoolAdmin } from '../../db/schema';

export function homeRepo(db: Db) {
  return {
    /** Exams where the user holds a role, or of schools they administer; newest first. */
    async examsOf(
      userId: number,
      q: { page: number; size: number; keyword?: string },
    ): Promise<Paged<HomeExam>> {
      const myExamIds = db.select({ id: examRole.examId }).from(examRole).where(eq(examRole.userId, userId));
      const mySchools = db
        .select({ id: schoolAdmin.schoolId })
        .from(schoolAdmin)
        .where(eq(schoolAdmin.userId, userId));
      const where = and(
        isNull(exam.deletedAt),
        eq(exam.hidden, false),
        or(inArray(exam.id, myExamIds), inArray(exam.schoolId, mySchools)),
        q.keyword ? ilike(exam.name, likeAnywhere(q.keyword)) : undefined,
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(exam)
        .where(where);
      const rows = await db
        .select({
          id: exam.id,
          name: exam.name,
          type: exam.type,
          gradeName: grade.name,
          schoolName: school.name,
          startDate: exam.startDate,
          roles: sql<number[]>`coalesce((select array_agg(distinct ${examRole.role}) from ${examRole}
            where ${examRole.examId} = ${exam.id} and ${examRole.userId} = ${userId}), '{}')`,
        })
        .from(exam)
        .leftJoin(grade, eq(grade.id, exam.gradeId))
        .leftJoin(school, eq(school.id, exam.schoolId))
        .where(where)
        .orderBy(desc(exam.startDate), desc(exam.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return {
        total: Number(count?.n ?? 0),
        size: q.size,
        items: rows.map((r) => ({ ...r, roles: (r.roles ?? []).map(Number) })),
      };
    },
  };
}
