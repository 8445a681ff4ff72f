import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffItem } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { examRole, school, subject, user } from '../../db/schema';

export type RoleRow = typeof examRole.$inferSelect;

export function roleRepo(db: Db) {
  return {
    async staff(examId: number): Promise<StaffItem[]> {
      return db
        .select({
          id: examRole.id,
          userId: user.id,
          name: user.name,
          phone: user.phone,
          role: examRole.role,
          subjectId: examRole.subjectId,
          subjectName: subject.name,
          schoolId: examRole.schoolId,
          schoolName: school.name,
        })
        .from(examRole)
        .innerJoin(user, eq(user.id, examRole.userId))
        .leftJoin(subject, eq(subject.id, examRole.subjectId))
        .leftJoin(school, eq(school.id, examRole.schoolId))
        .where(eq(examRole.examId, examId))
        .orderBy(asc(examRole.role), asc(subject.sort), asc(examRole.id));
    },
    async find(examId: number, id: number): Promise<RoleRow | null> {
      const rows = await db
        .select()
        .from(examRole)
        .where(and(eq(examRole.examId, examId), eq(examRole.id, id)));
      return rows[0] ?? null;
    },
    async insert(rows: Array<typeof examRole.$inferInsert>): Promise<number> {
      if (!rows.length) return 0;
      return (await db.insert(examRole).values(rows).onConflictDoNothing().returning({ id: examRole.id }))
        .length;
    },
    async update(id: number, set: { subjectId: number | null; schoolId: number | null }): Promise<void> {
      await db.update(examRole).set(set).where(eq(examRole.id, id));
    },
    async remove(
      examId: number,
      where: { role: number; userId: number; subjectId: number | null; schoolId: number | null },
    ): Promise<RoleRow[]> {
      return db
        .delete(examRole)
        .where(
          and(
            eq(examRole.examId, examId),
            eq(examRole.role, where.role),
            eq(examRole.userId, where.userId),
            where.subjectId === null ? isNull(examRole.subjectId) : eq(examRole.subjectId, where.subjectId),
            where.schoolId === null ? isNull(examRole.schoolId) : eq(examRole.schoolId, where.schoolId),
          ),
        )
        .returning();
    },
    async ofSchool(examId: number, schoolId: number): Promise<RoleRow[]> {
      return db
        .select()
        .from(examRole)
        .where(and(eq(examRole.examId, examId), eq(examRole.schoolId, schoolId)));
    },
    async existingUsers(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      return (
        await db
          .select({ id: user.id })
          .from(user)
          .where(and(inArray(user.id, ids), sql`${user.status} = 1`))
      ).map((r) => r.id);
    },
  };
}
