import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ExamListItem, ExamListQuery, Paged, Principal, SubjectItem } from '@yj/contracts';
import { likeAnywhere, type Db } from '../../infra/db';
import {
  exam,
  examRole,
  examSchool,
  examinee,
  grade,
  school,
  schoolAdmin,
  subject,
  teacher,
  teacherClass,
  user,
} from '../../db/schema';

export type ExamRow = typeof exam.$inferSelect;
export type SubjectRow = typeof subject.$inferSelect;

/** A subject as the screens read it (the stored full score, a numeric, as a number). */
export const toSubject = (s: SubjectRow): SubjectItem => ({
  id: s.id,
  examId: s.examId,
  course: s.course,
  name: s.name,
  fullScore: Number(s.fullScore),
  status: s.status,
});

/** Which exams a principal may see in lists: everything for a system admin, else own schools and own roles. */
function visible(p: Principal): SQL | undefined {
  if (p.isAdmin) return undefined;
  const adminSchools = p.schoolAdminOf.length ? [...p.schoolAdminOf] : [-1];
  const roleExams = p.examRoles.length ? [...new Set(p.examRoles.map((r) => r.examId))] : [-1];
  return or(
    inArray(exam.schoolId, adminSchools),
    inArray(exam.id, roleExams),
    sql`exists (select 1 from exam_school es where es.exam_id = ${exam.id} and es.school_id in ${adminSchools})`,
  );
}

export function examRepo(db: Db) {
  async function subjectsOf(examIds: number[]): Promise<SubjectItem[]> {
    if (!examIds.length) return [];
    const rows = await db
      .select()
      .from(subject)
      .where(and(inArray(subject.examId, examIds), isNull(subject.deletedAt)))
      .orderBy(asc(subject.sort), asc(subject.id));
    return rows.map(toSubject);
  }

  async function items(where: SQL | undefined, limit: number, offset: number): Promise<ExamListItem[]> {
    const rows = await db
      .select({
        id: exam.id,
        name: exam.name,
        type: exam.type,
        gradeName: sql<string | null>`coalesce(${grade.name}, ${exam.gradeName})`,
        schoolId: exam.schoolId,
        schoolName: school.name,
        startDate: exam.startDate,
        endDate: exam.endDate,
        hidden: exam.hidden,
        step: exam.step,
        examinees: sql<number>`(select count(*)::int from examinee e where e.exam_id = "exam"."id")`,
        schools: sql<number>`(select count(*)::int from exam_school es where es.exam_id = "exam"."id")`,
        creatorName: user.name,
      })
      .from(exam)
      .leftJoin(grade, eq(grade.id, exam.gradeId))
      .leftJoin(school, eq(school.id, exam.schoolId))
      .leftJoin(user, eq(user.id, exam.creatorId))
      .where(where)
      .orderBy(desc(exam.startDate), desc(exam.id))
      .limit(limit)
      .offset(offset);
    const subs = await subjectsOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, subjects: subs.filter((x) => x.examId === r.id) }));
  }

  return {
    /** The school owning an exam (null: a joint exam); undefined: no such exam. */
    async schoolOf(examId: number): Promise<number | null | undefined> {
      const [row] = await db.select({ schoolId: exam.schoolId }).from(exam).where(eq(exam.id, examId));
      return row?.schoolId;
    },

    /** The exam of a subject; undefined: no such subject. */
    async examOfSubject(subjectId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ examId: subject.examId })
        .from(subject)
        .where(eq(subject.id, subjectId));
      return row?.examId;
    },

    async find(examId: number): Promise<ExamRow | null> {
      const rows = await db
        .select()
        .from(exam)
        .where(and(eq(exam.id, examId), isNull(exam.deletedAt)));
      return rows[0] ?? null;
    },
    subjects: subjectsOf,
    /**
     * The states of the live subjects (of an exam, or one subject), read under a share lock: a change checked
     * against them cannot cross a 发布 committed meanwhile.
     */
    async lockStates(
      where: { examId: number } | { subjectId: number },
    ): Promise<Array<{ id: number; examId: number; name: string; status: number }>> {
      return db
        .select({ id: subject.id, examId: subject.examId, name: subject.name, status: subject.status })
        .from(subject)
        .where(
          and(
            'examId' in where ? eq(subject.examId, where.examId) : eq(subject.id, where.subjectId),
            isNull(subject.deletedAt),
          ),
        )
        .for('share');
    },
    /** Whether the user teaches (teacherSchedule) a class some examinee of the exam is in. */
    async teachesIn(examId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: examinee.id })
        .from(examinee)
        .innerJoin(teacherClass, eq(teacherClass.classId, examinee.classId))
        .where(and(eq(examinee.examId, examId), eq(teacherClass.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },
    async findSubject(subjectId: number): Promise<SubjectRow | null> {
      const rows = await db
        .select()
        .from(subject)
        .where(and(eq(subject.id, subjectId), isNull(subject.deletedAt)));
      return rows[0] ?? null;
    },

    async list(p: Principal, q: ExamListQuery, joint: boolean): Promise<Paged<ExamListItem>> {
      const stateExpr = sql`(select case when count(*) = 0 or max(status) = 0 then 'setting'
        when min(status) = 6 then 'published' when min(status) >= 5 then 'done' else 'reviewing' end
        from subject s where s.exam_id = ${exam.id} and s.deleted_at is null)`;
      const where = and(
        isNull(exam.deletedAt),
        joint ? eq(exam.type, 2) : ne(exam.type, 2),
        // 课堂小测 have a list of their own (issue 33): the school's exams show them only when asked by type
        joint || q.type === 3 ? undefined : ne(exam.type, 3),
        q.includeHidden ? undefined : eq(exam.hidden, false),
        q.schoolId ? eq(exam.schoolId, q.schoolId) : undefined,
        q.keyword ? ilike(exam.name, likeAnywhere(q.keyword)) : undefined,
        q.gradeId ? eq(exam.gradeId, q.gradeId) : undefined,
        q.type ? eq(exam.type, q.type) : undefined,
        q.dateFrom ? gte(exam.startDate, q.dateFrom) : undefined,
        q.dateTo ? lte(exam.startDate, q.dateTo) : undefined,
        q.state ? sql`${stateExpr} = ${q.state}` : undefined,
        visible(p),
      );
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(exam)
        .where(where);
      return {
        total: Number(count?.n ?? 0),
        size: q.size,
        items: await items(where, q.size, (q.page - 1) * q.size),
      };
    },

    /** One exam as the lists show it, whoever asks (callers check the capability). */
    async item(examId: number): Promise<ExamListItem | null> {
      return (await items(and(eq(exam.id, examId), isNull(exam.deletedAt)), 1, 0))[0] ?? null;
    },

    async insertExam(row: typeof exam.$inferInsert): Promise<ExamRow> {
      const [created] = await db.insert(exam).values(row).returning();
      return created!;
    },
    async updateExam(examId: number, set: Partial<typeof exam.$inferInsert>): Promise<void> {
      await db.update(exam).set(set).where(eq(exam.id, examId));
    },
    async insertSubjects(
      examId: number,
      list: Array<{ course: string; fullScore: number }>,
      startSort = 0,
    ): Promise<void> {
      if (!list.length) return;
      await db.insert(subject).values(
        list.map((s, i) => ({
          examId,
          course: s.course,
          name: s.course,
          fullScore: s.fullScore,
          sort: startSort + i,
        })),
      );
    },
    /** People holding a role on the subject (科目负责人, 阅卷老师 …). */
    async roleCount(subjectId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examRole)
        .where(eq(examRole.subjectId, subjectId));
      return row?.n ?? 0;
    },
    async updateSubject(subjectId: number, set: Partial<typeof subject.$inferInsert>): Promise<void> {
      await db.update(subject).set(set).where(eq(subject.id, subjectId));
    },
    async addSchools(examId: number, schoolIds: number[]): Promise<void> {
      if (schoolIds.length)
        await db
          .insert(examSchool)
          .values(schoolIds.map((schoolId) => ({ examId, schoolId })))
          .onConflictDoNothing();
    },
    async schools(examId: number): Promise<Array<{ id: number; name: string; examinees: number }>> {
      return db
        .select({
          id: school.id,
          name: school.name,
          examinees: sql<number>`(select count(*)::int from examinee e where e.exam_id = ${examId} and e.school_id = "school"."id")`,
        })
        .from(examSchool)
        .innerJoin(school, eq(school.id, examSchool.schoolId))
        .where(eq(examSchool.examId, examId))
        .orderBy(asc(school.id));
    },
    async liveSchoolIds(ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: school.id })
        .from(school)
        .where(and(inArray(school.id, ids), isNull(school.deletedAt)));
      return rows.map((r) => r.id);
    },
    /** The users among `userIds` who teach at or administer one of the schools. */
    async membersOf(schoolIds: number[], userIds: number[]): Promise<number[]> {
      if (!userIds.length) return [];
      const [taught, admins] = await Promise.all([
        db
          .select({ id: teacher.userId })
          .from(teacher)
          .where(
            and(
              inArray(teacher.schoolId, schoolIds),
              inArray(teacher.userId, userIds),
              isNull(teacher.deletedAt),
            ),
          ),
        db
          .select({ id: schoolAdmin.userId })
          .from(schoolAdmin)
          .where(and(inArray(schoolAdmin.schoolId, schoolIds), inArray(schoolAdmin.userId, userIds))),
      ]);
      return [...new Set([...taught, ...admins].map((r) => r.id))];
    },
    async addRoles(rows: Array<typeof examRole.$inferInsert>): Promise<number> {
      if (!rows.length) return 0;
      const inserted = await db
        .insert(examRole)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: examRole.id });
      return inserted.length;
    },
    async copyExaminees(fromExamId: number, toExamId: number): Promise<void> {
      await db.execute(sql`insert into examinee (exam_id, student_id, school_id, class_id, kaohao, kaochang, seat, paper_type)
        select ${toExamId}, student_id, school_id, class_id, kaohao, kaochang, seat, paper_type from examinee where exam_id = ${fromExamId}`);
    },
    async gradeOf(schoolId: number, gradeId: number) {
      const rows = await db
        .select()
        .from(grade)
        .where(and(eq(grade.id, gradeId), eq(grade.schoolId, schoolId), isNull(grade.deletedAt)));
      return rows[0] ?? null;
    },
    async examineeCount(examId: number): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examinee)
        .where(eq(examinee.examId, examId));
      return Number(r?.n ?? 0);
    },
  };
}
export type ExamRepo = ReturnType<typeof examRepo>;
