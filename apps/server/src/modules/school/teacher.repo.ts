import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { keywordIn, type Db } from '../../infra/db';
import { banji, school, schoolAdmin, teacher, teacherClass, user } from '../../db/schema';

export interface TeacherRow {
  userId: number;
  name: string;
  phone: string | null;
  subjects: string[];
  mustChangePassword: boolean;
  classes: Array<{ id: number; name: string }>;
}

export function teacherRepo(db: Db) {
  const live = (schoolId: number) => and(eq(teacher.schoolId, schoolId), isNull(teacher.deletedAt));
  const cols = {
    userId: user.id,
    name: user.name,
    phone: user.phone,
    subjects: teacher.subjects,
    mustChangePassword: user.mustChangePassword,
    classes: sql<
      Array<{ id: number; name: string }>
    >`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.sort, c.id)
      from teacher_class tc join "class" c on c.id = tc.class_id
      where tc.school_id = "teacher"."school_id" and tc.user_id = "teacher"."user_id" and c.deleted_at is null), '[]'::json)`,
  };
  return {
    async list(schoolId: number, q: { page: number; size: number; keyword?: string; subject?: string }) {
      const where = and(
        live(schoolId),
        keywordIn(q.keyword, user.name, user.phone),
        q.subject ? sql`${q.subject} = any(${teacher.subjects})` : undefined,
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(where);
      const items: TeacherRow[] = await db
        .select(cols)
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(where)
        .orderBy(asc(user.name), asc(user.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { total: Number(count?.n ?? 0), items };
    },
    async all(schoolId: number): Promise<TeacherRow[]> {
      return db
        .select(cols)
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(live(schoolId))
        .orderBy(asc(user.name));
    },
    /** Live teachers of several schools, optionally only those teaching a course, with their school. */
    async ofSchools(
      schoolIds: number[],
      course?: string,
    ): Promise<Array<TeacherRow & { schoolId: number; schoolName: string }>> {
      if (!schoolIds.length) return [];
      return db
        .select({ ...cols, schoolId: teacher.schoolId, schoolName: school.name })
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .innerJoin(school, eq(school.id, teacher.schoolId))
        .where(
          and(
            inArray(teacher.schoolId, schoolIds),
            isNull(teacher.deletedAt),
            course ? sql`${course} = any(${teacher.subjects})` : undefined,
          ),
        )
        .orderBy(asc(teacher.schoolId), asc(user.name));
    },
    async findByPhone(schoolId: number, phone: string): Promise<TeacherRow | null> {
      const rows = await db
        .select(cols)
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(and(live(schoolId), eq(user.phone, phone)));
      return rows[0] ?? null;
    },
    async find(schoolId: number, userId: number): Promise<TeacherRow | null> {
      const rows = await db
        .select(cols)
        .from(teacher)
        .innerJoin(user, eq(user.id, teacher.userId))
        .where(and(live(schoolId), eq(teacher.userId, userId)));
      return rows[0] ?? null;
    },
    /**
     * Whether anyone besides this school holds the account: a system admin, or an administrator or live
     * teacher of another school. Such an account's name and phone are its owner's to change (issue 19).
     */
    async heldElsewhere(schoolId: number, userId: number): Promise<boolean> {
      const [u] = await db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.id, userId));
      if (u?.isAdmin) return true;
      const admins = await db
        .select({ id: schoolAdmin.id })
        .from(schoolAdmin)
        .where(and(eq(schoolAdmin.userId, userId), ne(schoolAdmin.schoolId, schoolId)))
        .limit(1);
      if (admins.length) return true;
      const taught = await db
        .select({ id: teacher.id })
        .from(teacher)
        .where(and(eq(teacher.userId, userId), ne(teacher.schoolId, schoolId), isNull(teacher.deletedAt)))
        .limit(1);
      return taught.length > 0;
    },
    /** Adds the teacher row, or revives a soft-deleted one. */
    async upsert(schoolId: number, userId: number, subjects: string[]): Promise<void> {
      await db
        .insert(teacher)
        .values({ schoolId, userId, subjects })
        .onConflictDoUpdate({
          target: [teacher.schoolId, teacher.userId],
          set: { subjects, deletedAt: null },
        });
    },
    async setClasses(schoolId: number, userId: number, classIds: number[]): Promise<void> {
      await db
        .delete(teacherClass)
        .where(and(eq(teacherClass.schoolId, schoolId), eq(teacherClass.userId, userId)));
      if (classIds.length)
        await db.insert(teacherClass).values(classIds.map((classId) => ({ schoolId, userId, classId })));
    },
    /** Ids of the school's live classes among `ids`. */
    async liveClassIds(schoolId: number, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: banji.id })
        .from(banji)
        .where(and(eq(banji.schoolId, schoolId), isNull(banji.deletedAt), inArray(banji.id, ids)));
      return rows.map((r) => r.id);
    },
    async softDelete(schoolId: number, userIds: number[] | 'all'): Promise<number[]> {
      const rows = await db
        .update(teacher)
        .set({ deletedAt: new Date() })
        .where(and(live(schoolId), userIds === 'all' ? undefined : inArray(teacher.userId, userIds)))
        .returning({ userId: teacher.userId });
      return rows.map((r) => r.userId);
    },
  };
}
