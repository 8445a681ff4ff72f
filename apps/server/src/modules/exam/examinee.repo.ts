import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ExamineeItem, ExamineeListQuery, Paged } from '@yj/contracts';
import { keywordIn, type Db } from '../../infra/db';
import { absence, banji, examinee, grade, school, student } from '../../db/schema';

/** An examinee to add: the student, where they sit, and (from an import) their 试卷类型. */
export interface ExamineeInsert {
  studentId: number;
  schoolId: number;
  classId: number;
  kaohao: string;
  kaochang: string | null;
  seat: number | null;
  paperType?: string | null;
}

export function examineeRepo(db: Db) {
  return {
    async list(examId: number, q: ExamineeListQuery): Promise<Paged<ExamineeItem>> {
      const where = and(
        eq(examinee.examId, examId),
        q.schoolId ? eq(examinee.schoolId, q.schoolId) : undefined,
        q.classId ? eq(examinee.classId, q.classId) : undefined,
        q.kaochang ? eq(examinee.kaochang, q.kaochang) : undefined,
        keywordIn(q.keyword, student.name, student.xuehao, examinee.kaohao),
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .where(where);
      const rows = await db
        .select({
          id: examinee.id,
          studentId: examinee.studentId,
          name: student.name,
          xuehao: student.xuehao,
          schoolName: school.name,
          className: banji.name,
          kaohao: examinee.kaohao,
          kaochang: examinee.kaochang,
          seat: examinee.seat,
          paperType: examinee.paperType,
          absent: q.subjectId
            ? sql<boolean>`exists (select 1 from absence a where a.examinee_id = "examinee"."id" and a.subject_id = ${q.subjectId})`
            : sql<boolean>`false`,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(school, eq(school.id, examinee.schoolId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .where(where)
        .orderBy(asc(examinee.kaohao))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return {
        total: Number(count?.n ?? 0),
        size: q.size,
        items: rows.map((r) => ({
          ...r,
          paperType: (r.paperType as 'A' | 'B' | null) ?? null,
          ...(q.subjectId ? {} : { absent: undefined }),
        })),
      };
    },

    /** Live students of the classes, in grade/class/xuehao order, with the school each belongs to. */
    async studentsOfClasses(classIds: number[]) {
      return db
        .select({
          studentId: student.id,
          xuehao: student.xuehao,
          classId: student.classId,
          schoolId: student.schoolId,
        })
        .from(student)
        .innerJoin(banji, eq(banji.id, student.classId))
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .where(and(inArray(student.classId, classIds), isNull(student.deletedAt)))
        .orderBy(asc(banji.schoolId), asc(grade.sort), asc(banji.sort), asc(banji.id), asc(student.xuehao));
    },
    async liveClasses(classIds: number[]) {
      return db
        .select({ id: banji.id, schoolId: banji.schoolId })
        .from(banji)
        .where(and(inArray(banji.id, classIds), isNull(banji.deletedAt)));
    },
    /** What numbering must continue from: used kaohao, taken students, highest room, count. */
    async usage(examId: number) {
      const rows = await db
        .select({ kaohao: examinee.kaohao, studentId: examinee.studentId, kaochang: examinee.kaochang })
        .from(examinee)
        .where(eq(examinee.examId, examId));
      const maxRoom = Math.max(0, ...rows.map((r) => Number(r.kaochang) || 0));
      return {
        kaohao: new Set(rows.map((r) => r.kaohao)),
        students: new Set(rows.map((r) => r.studentId)),
        maxRoom,
        count: rows.length,
      };
    },
    /** New examinees, 试卷类型 unset where a row has none (the kaohao rule's rows). */
    async insert(examId: number, rows: ExamineeInsert[]): Promise<void> {
      // one JSON parameter per 10,000 rows keeps a 20,000-examinee joint exam to a couple of statements
      for (let i = 0; i < rows.length; i += 10_000) {
        const chunk = JSON.stringify(rows.slice(i, i + 10_000));
        await db.execute(sql`insert into examinee (exam_id, student_id, school_id, class_id, kaohao, kaochang, seat, paper_type)
          select ${examId}, x."studentId", x."schoolId", x."classId", x.kaohao, x.kaochang, x.seat, x."paperType"
          from json_to_recordset(${chunk}::json) as x("studentId" int, "schoolId" int, "classId" int, kaohao text, kaochang text, seat int, "paperType" text)`);
      }
    },
    /** Live students of the given schools keyed "schoolId/xuehao" (imports look up rows in one query). */
    async studentIndex(
      schoolIds: number[],
    ): Promise<Map<string, { studentId: number; classId: number; schoolId: number }>> {
      if (!schoolIds.length) return new Map();
      const rows = await db
        .select({
          studentId: student.id,
          classId: student.classId,
          schoolId: student.schoolId,
          xuehao: student.xuehao,
        })
        .from(student)
        .where(and(inArray(student.schoolId, schoolIds), isNull(student.deletedAt)));
      return new Map(rows.map((r) => [`${r.schoolId}/${r.xuehao}`, r]));
    },
    async current(examId: number) {
      return db
        .select({
          id: examinee.id,
          studentId: examinee.studentId,
          kaohao: examinee.kaohao,
          paperType: examinee.paperType,
        })
        .from(examinee)
        .where(eq(examinee.examId, examId));
    },
    /** Sets kaohao, room, seat and paper type of many examinees at once. */
    async updateMany(
      rows: Array<{
        id: number;
        kaohao: string;
        kaochang: string | null;
        seat: number | null;
        paperType: string | null;
      }>,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 10_000) {
        const chunk = JSON.stringify(rows.slice(i, i + 10_000));
        // kaohao are unique per exam: park the changed rows on temporary values first so swaps do not collide
        await db.execute(
          sql`update examinee e set kaohao = '~' || e.id from json_to_recordset(${chunk}::json) as x(id int) where e.id = x.id`,
        );
        await db.execute(sql`update examinee e set kaohao = x.kaohao, kaochang = x.kaochang, seat = x.seat, paper_type = x."paperType"
          from json_to_recordset(${chunk}::json) as x(id int, kaohao text, kaochang text, seat int, "paperType" text) where e.id = x.id`);
      }
    },
    async byIds(examId: number, ids: number[]) {
      return db
        .select()
        .from(examinee)
        .where(and(eq(examinee.examId, examId), inArray(examinee.id, ids)));
    },
    async remove(examId: number, ids: number[]): Promise<void> {
      await db.delete(absence).where(inArray(absence.examineeId, ids));
      await db.delete(examinee).where(and(eq(examinee.examId, examId), inArray(examinee.id, ids)));
    },
    async update(id: number, set: Partial<typeof examinee.$inferInsert>): Promise<void> {
      await db.update(examinee).set(set).where(eq(examinee.id, id));
    },
    async setPaperType(examId: number, ids: number[], paperType: 'A' | 'B' | null): Promise<number> {
      const rows = await db
        .update(examinee)
        .set({ paperType })
        .where(and(eq(examinee.examId, examId), inArray(examinee.id, ids)))
        .returning({ id: examinee.id });
      return rows.length;
    },
    async setAbsent(subjectId: number, ids: number[], absent: boolean, userId: number): Promise<void> {
      if (absent)
        await db
          .insert(absence)
          .values(ids.map((examineeId) => ({ examineeId, subjectId, markedBy: userId })))
          .onConflictDoNothing();
      else
        await db
          .delete(absence)
          .where(and(eq(absence.subjectId, subjectId), inArray(absence.examineeId, ids)));
    },
    async all(examId: number) {
      return (await this.list(examId, { page: 1, size: 1_000_000 })).items;
    },
  };
}
export type ExamineeRepo = ReturnType<typeof examineeRepo>;
