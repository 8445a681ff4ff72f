import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { ExamRole, ExamType, SubjectStatus } from '@yj/contracts';
import type { Db } from '../../infra/db';
import {
  banji,
  block,
  blockReviewer,
  exam,
  examRole,
  examSchool,
  markTask,
  examinee,
  grade,
  paper,
  question,
  score,
  student,
  subject,
  teacher,
  teacherClass,
  user,
} from '../../db/schema';

export interface TaughtClass {
  classId: number;
  schoolId: number;
  gradeId: number;
  name: string;
  gradeName: string;
  students: number;
}

export interface QuizListRow {
  examId: number;
  subjectId: number;
  name: string;
  course: string;
  status: number;
  createdAt: Date;
  students: number;
}

const liveStudents = sql<number>`(select count(*)::int from ${student} s
  where s.class_id = ${banji.id} and s.deleted_at is null and s.status = 1)`;

/** A quiz as its list shows it (the exam and its one subject, with its examinees counted): also `find`'s head. */
const quizColumns = {
  examId: exam.id,
  subjectId: subject.id,
  name: exam.name,
  course: subject.course,
  status: subject.status,
  createdAt: exam.createdAt,
  students: sql<number>`(select count(*)::int from ${examinee} x where x.exam_id = ${exam.id})`,
};

/** 课堂小测: SQL of the quiz module (an exam of type quiz, its one subject, questions, blocks and roles). */
export function quizRepo(db: Db) {
  return {
    /** The live classes a teacher teaches (teacher_class), with grade and enrolled students. */
    taughtClasses: (userId: number): Promise<TaughtClass[]> =>
      db
        .select({
          classId: banji.id,
          schoolId: banji.schoolId,
          gradeId: banji.gradeId,
          name: banji.name,
          gradeName: grade.name,
          students: liveStudents,
        })
        .from(teacherClass)
        .innerJoin(banji, eq(banji.id, teacherClass.classId))
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .innerJoin(
          teacher,
          and(eq(teacher.userId, teacherClass.userId), eq(teacher.schoolId, banji.schoolId)),
        )
        .where(
          and(
            eq(teacherClass.userId, userId),
            isNull(banji.deletedAt),
            isNull(grade.deletedAt),
            isNull(teacher.deletedAt),
          ),
        )
        .orderBy(asc(grade.sort), asc(banji.sort), asc(banji.id)),

    /** The courses a teacher teaches (teacher.subjects), over their schools. */
    async courses(userId: number): Promise<string[]> {
      const rows = await db
        .select({ subjects: teacher.subjects })
        .from(teacher)
        .where(and(eq(teacher.userId, userId), isNull(teacher.deletedAt)));
      return [...new Set(rows.flatMap((r) => r.subjects))];
    },

    /** The live teachers of these schools (the creator left out), by name. */
    colleagues: (schoolIds: number[], except: number) =>
      schoolIds.length
        ? db
            .selectDistinct({ userId: user.id, name: user.name })
            .from(teacher)
            .innerJoin(user, eq(user.id, teacher.userId))
            .where(
              and(
                inArray(teacher.schoolId, schoolIds),
                isNull(teacher.deletedAt),
                sql`${user.id} <> ${except}`,
              ),
            )
            .orderBy(asc(user.name), asc(user.id))
        : Promise.resolve([]),

    async insertQuiz(row: {
      name: string;
      schoolId: number;
      gradeId: number;
      creatorId: number;
      course: string;
      fullScore: number;
    }): Promise<{ examId: number; subjectId: number }> {
      const [e] = await db
        .insert(exam)
        .values({
          name: row.name,
          type: ExamType.quiz,
          schoolId: row.schoolId,
          gradeId: row.gradeId,
          creatorId: row.creatorId,
          startDate: sql`current_date`,
          step: 3,
        })
        .returning({ id: exam.id });
      const [s] = await db
        .insert(subject)
        .values({ examId: e!.id, course: row.course, name: row.course, fullScore: row.fullScore })
        .returning({ id: subject.id });
      await db.insert(examSchool).values({ examId: e!.id, schoolId: row.schoolId });
      return { examId: e!.id, subjectId: s!.id };
    },

    async insertRoles(rows: Array<typeof examRole.$inferInsert>): Promise<void> {
      if (rows.length) await db.insert(examRole).values(rows).onConflictDoNothing();
    },

    async insertQuestions(rows: Array<typeof question.$inferInsert>): Promise<void> {
      if (rows.length) await db.insert(question).values(rows);
    },

    async insertBlocks(rows: Array<typeof block.$inferInsert>): Promise<number[]> {
      if (!rows.length) return [];
      return (await db.insert(block).values(rows).returning({ id: block.id })).map((r) => r.id);
    },

    /** These users mark every block of the subject (role 4); who marks already stays as they are. */
    async addMarkers(subjectId: number, userIds: number[]): Promise<void> {
      const ids = (await db.select({ id: block.id }).from(block).where(eq(block.subjectId, subjectId))).map(
        (b) => b.id,
      );
      const rows = ids.flatMap((blockId) => userIds.map((userId) => ({ blockId, userId, role: 4 })));
      if (rows.length) await db.insert(blockReviewer).values(rows).onConflictDoNothing();
    },

    /**
     * The user no longer marks the quiz: their block rows and their marker role of the subject go, the papers they
     * hold go back to the pool; the marks they gave stay (nothing given is deleted). The number of blocks left.
     */
    async removeMarker(examId: number, subjectId: number, userId: number): Promise<number> {
      const blocks = db.select({ id: block.id }).from(block).where(eq(block.subjectId, subjectId));
      await db
        .update(markTask)
        .set({ status: 'pending', userId: null, leaseToken: null, leaseUntil: null })
        .where(
          and(inArray(markTask.blockId, blocks), eq(markTask.userId, userId), eq(markTask.status, 'leased')),
        );
      const left = await db
        .delete(blockReviewer)
        .where(
          and(
            inArray(blockReviewer.blockId, blocks),
            eq(blockReviewer.userId, userId),
            eq(blockReviewer.role, 4),
          ),
        )
        .returning({ id: blockReviewer.blockId });
      await db
        .delete(examRole)
        .where(
          and(
            eq(examRole.examId, examId),
            eq(examRole.subjectId, subjectId),
            eq(examRole.userId, userId),
            eq(examRole.role, ExamRole.reviewers),
          ),
        );
      return left.length;
    },

    /** The enrolled students of the classes as examinees, 考号 = 学号 (the card's 学号 bubbles). */
    async insertExaminees(examId: number, classIds: number[]): Promise<number> {
      const rows = await db
        .select({
          studentId: student.id,
          schoolId: student.schoolId,
          classId: student.classId,
          xuehao: student.xuehao,
        })
        .from(student)
        .where(and(inArray(student.classId, classIds), isNull(student.deletedAt), eq(student.status, 1)))
        .orderBy(asc(student.classId), asc(student.xuehao));
      if (rows.length)
        await db.insert(examinee).values(
          rows.map((r, i) => ({
            examId,
            studentId: r.studentId,
            schoolId: r.schoolId,
            classId: r.classId,
            kaohao: r.xuehao,
            seat: i + 1,
          })),
        );
      return rows.length;
    },

    /** Quizzes the user holds a role in, or of the schools they administer, newest first. */
    async list(
      userId: number,
      adminOf: readonly number[],
      q: { page: number; size: number; keyword?: string },
    ) {
      const mine = and(
        eq(exam.type, ExamType.quiz),
        isNull(exam.deletedAt),
        isNull(subject.deletedAt),
        or(
          sql`exists (select 1 from ${examRole} r where r.exam_id = ${exam.id} and r.user_id = ${userId})`,
          adminOf.length ? inArray(exam.schoolId, [...adminOf]) : undefined,
        ),
        q.keyword ? ilike(exam.name, `%${q.keyword}%`) : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(exam)
        .innerJoin(subject, eq(subject.examId, exam.id))
        .where(mine);
      const items: QuizListRow[] = await db
        .select(quizColumns)
        .from(exam)
        .innerJoin(subject, eq(subject.examId, exam.id))
        .where(mine)
        .orderBy(desc(exam.createdAt), desc(exam.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { total: Number(total?.n ?? 0), items };
    },

    /** One quiz with its subject (null: not a live quiz). */
    async find(examId: number) {
      const [row] = await db
        .select({
          ...quizColumns,
          fullScore: subject.fullScore,
          schoolId: exam.schoolId,
          creatorId: exam.creatorId,
          scanned: sql<number>`(select count(*)::int from ${paper} p where p.subject_id = ${subject.id}
            and p.examinee_id is not null and p.deleted_at is null)`,
        })
        .from(exam)
        .innerJoin(subject, and(eq(subject.examId, exam.id), isNull(subject.deletedAt)))
        .where(and(eq(exam.id, examId), eq(exam.type, ExamType.quiz), isNull(exam.deletedAt)));
      return row ?? null;
    },

    /** Class names of the quizzes' examinees, by exam. */
    async classNames(examIds: number[]): Promise<Map<number, string[]>> {
      if (!examIds.length) return new Map();
      const rows = await db
        .selectDistinct({ examId: examinee.examId, name: banji.name, sort: banji.sort, id: banji.id })
        .from(examinee)
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .where(inArray(examinee.examId, examIds))
        .orderBy(asc(banji.sort), asc(banji.id));
      const out = new Map<number, string[]>();
      for (const r of rows) out.set(r.examId, [...(out.get(r.examId) ?? []), r.name]);
      return out;
    },

    questions: (subjectId: number) =>
      db
        .select({ no: question.no, kind: question.kind, answer: question.answer, score: question.score })
        .from(question)
        .where(eq(question.subjectId, subjectId))
        .orderBy(asc(question.sort), asc(question.id)),

    blocks: (subjectId: number) =>
      db
        .select({ id: block.id, nos: block.nos })
        .from(block)
        .where(eq(block.subjectId, subjectId))
        .orderBy(asc(block.sort), asc(block.id)),

    /** The markers (role 4) of the subject's blocks. */
    markers: (subjectId: number) =>
      db
        .selectDistinct({ userId: user.id, name: user.name })
        .from(blockReviewer)
        .innerJoin(block, eq(block.id, blockReviewer.blockId))
        .innerJoin(user, eq(user.id, blockReviewer.userId))
        .where(and(eq(block.subjectId, subjectId), eq(blockReviewer.role, 4)))
        .orderBy(asc(user.name), asc(user.id)),

    /** Which of these users teach at the school. */
    async teachersOf(schoolId: number, userIds: number[]): Promise<number[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ userId: teacher.userId })
        .from(teacher)
        .where(
          and(eq(teacher.schoolId, schoolId), inArray(teacher.userId, userIds), isNull(teacher.deletedAt)),
        );
      return rows.map((r) => r.userId);
    },

    /** Every examinee with their score row and the options their sheet shows, in class and 学号 order. */
    results: (examId: number, subjectId: number) =>
      db
        .select({
          examineeId: examinee.id,
          name: student.name,
          xuehao: student.xuehao,
          className: banji.name,
          total: score.total,
          absent: score.absent,
          questionScores: score.questionScores,
          objective: paper.objective,
          paperId: paper.id,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .leftJoin(score, and(eq(score.examineeId, examinee.id), eq(score.subjectId, subjectId)))
        .leftJoin(
          paper,
          and(eq(paper.examineeId, examinee.id), eq(paper.subjectId, subjectId), isNull(paper.deletedAt)),
        )
        .where(eq(examinee.examId, examId))
        .orderBy(asc(banji.sort), asc(banji.id), asc(student.xuehao)),

    // 学情趋势: a class's quizzes over the term

    /** The live classes of the schools (a school administrator's choice of class), by grade. */
    schoolClasses: (schoolIds: readonly number[]) =>
      schoolIds.length
        ? db
            .select({ classId: banji.id, schoolId: banji.schoolId, name: banji.name, gradeName: grade.name })
            .from(banji)
            .innerJoin(grade, eq(grade.id, banji.gradeId))
            .where(
              and(inArray(banji.schoolId, [...schoolIds]), isNull(banji.deletedAt), isNull(grade.deletedAt)),
            )
            .orderBy(asc(grade.sort), asc(banji.sort), asc(banji.id))
        : Promise.resolve([]),

    /** The live quizzes the class's students sat in, oldest first. */
    classQuizzes: (classId: number) =>
      db
        .select({ examId: exam.id, subjectId: subject.id, name: exam.name, createdAt: exam.createdAt })
        .from(exam)
        .innerJoin(subject, and(eq(subject.examId, exam.id), isNull(subject.deletedAt)))
        .where(
          and(
            eq(exam.type, ExamType.quiz),
            isNull(exam.deletedAt),
            // Only quizzes whose marking is finished: a quiz still being marked would enter the trend with partial totals.
            gte(subject.status, SubjectStatus.done),
            sql`exists (select 1 from ${examinee} x where x.exam_id = ${exam.id} and x.class_id = ${classId})`,
          ),
        )
        .orderBy(asc(exam.createdAt), asc(exam.id)),

    questionsOf: (subjectIds: number[]) =>
      subjectIds.length
        ? db
            .select({
              subjectId: question.subjectId,
              no: question.no,
              kind: question.kind,
              score: question.score,
            })
            .from(question)
            .where(inArray(question.subjectId, subjectIds))
            .orderBy(asc(question.sort), asc(question.id))
        : Promise.resolve([]),

    /** The class's examinees of these quizzes with their score rows. */
    sittings: (classId: number, examIds: number[]) =>
      examIds.length
        ? db
            .select({
              examId: examinee.examId,
              studentId: examinee.studentId,
              total: score.total,
              absent: score.absent,
              questionScores: score.questionScores,
            })
            .from(examinee)
            .innerJoin(score, eq(score.examineeId, examinee.id))
            .where(and(eq(examinee.classId, classId), inArray(examinee.examId, examIds)))
        : Promise.resolve([]),

    /** The class's enrolled students, by 学号. */
    classStudents: (classId: number) =>
      db
        .select({ studentId: student.id, name: student.name, xuehao: student.xuehao })
        .from(student)
        .where(and(eq(student.classId, classId), isNull(student.deletedAt), eq(student.status, 1)))
        .orderBy(asc(student.xuehao), asc(student.id)),
  };
}
export type QuizRepo = ReturnType<typeof quizRepo>;
