import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ClassItem, GradeItem } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { banji, grade } from '../../db/schema';

export type ClassRow = typeof banji.$inferSelect;

export function gradeRepo(db: Db) {
  return {
    async grades(schoolId: number): Promise<GradeItem[]> {
      return db
        .select({
          id: grade.id,
          name: grade.name,
          entryYear: grade.entryYear,
          // written out: drizzle leaves columns unqualified in a one-table select, which a correlated subquery cannot use
          classes: sql<number>`(select count(*)::int from "class" c where c.grade_id = "grade"."id" and c.deleted_at is null)`,
          students: sql<number>`(select count(*)::int from "student" s join "class" c on c.id = s.class_id
            where c.grade_id = "grade"."id" and s.deleted_at is null and c.deleted_at is null)`,
        })
        .from(grade)
        .where(and(eq(grade.schoolId, schoolId), isNull(grade.deletedAt)))
        .orderBy(asc(grade.sort), asc(grade.id));
    },
    async classes(schoolId: number, gradeId?: number): Promise<ClassItem[]> {
      return db
        .select({
          id: banji.id,
          gradeId: banji.gradeId,
          gradeName: grade.name,
          name: banji.name,
          kind: banji.kind,
          students: sql<number>`(select count(*)::int from "student" s where s.class_id = "class"."id" and s.deleted_at is null)`,
        })
        .from(banji)
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .where(
          and(
            eq(banji.schoolId, schoolId),
            isNull(banji.deletedAt),
            gradeId ? eq(banji.gradeId, gradeId) : undefined,
          ),
        )
        .orderBy(asc(grade.sort), asc(banji.sort), asc(banji.id));
    },
    async findGrade(schoolId: number, gradeId: number) {
      const rows = await db
        .select()
        .from(grade)
        .where(and(eq(grade.id, gradeId), eq(grade.schoolId, schoolId), isNull(grade.deletedAt)));
      return rows[0] ?? null;
    },
    async findClass(schoolId: number, classId: number): Promise<ClassRow | null> {
      const rows = await db
        .select()
        .from(banji)
        .where(and(eq(banji.id, classId), eq(banji.schoolId, schoolId), isNull(banji.deletedAt)));
      return rows[0] ?? null;
    },
    async insertGrade(schoolId: number, name: string, entryYear: number | null) {
      const [row] = await db.insert(grade).values({ schoolId, name, entryYear }).returning();
      return row!;
    },
    async insertClass(schoolId: number, gradeId: number, name: string, kind: number) {
      const [row] = await db.insert(banji).values({ schoolId, gradeId, name, kind }).returning();
      return row!;
    },
    async renameClass(classId: number, name: string) {
      await db.update(banji).set({ name }).where(eq(banji.id, classId));
    },
    async softDeleteClass(classId: number) {
      await db.update(banji).set({ deletedAt: new Date() }).where(eq(banji.id, classId));
    },
    /** All live classes of a school keyed "年级/班级", for imports. */
    async classIndex(
      schoolId: number,
    ): Promise<{ grades: Map<string, number>; classes: Map<string, number> }> {
      const gs = await db
        .select({ id: grade.id, name: grade.name })
        .from(grade)
        .where(and(eq(grade.schoolId, schoolId), isNull(grade.deletedAt)));
      const cs = await db
        .select({ id: banji.id, name: banji.name, gradeId: banji.gradeId })
        .from(banji)
        .where(and(eq(banji.schoolId, schoolId), isNull(banji.deletedAt)));
      const gradeName = new Map(gs.map((g) => [g.id, g.name]));
      return {
        grades: new Map(gs.map((g) => [g.name, g.id])),
        classes: new Map(cs.map((c) => [`${gradeName.get(c.gradeId)}/${c.name}`, c.id])),
      };
    },
  };
}
export type GradeRepo = ReturnType<typeof gradeRepo>;
