import { and, asc, count, eq, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { ExamRole } from '@yj/contracts';
import type { Db } from '../../infra/db';
import {
  absence,
  banji,
  block,
  blockReviewer,
  examRole,
  examinee,
  markTask,
  paper,
  school,
  teacher,
  user,
} from '../../db/schema';
import { intArray } from '../../infra/db';

export type ReviewerRow = {
  blockId: number;
  userId: number;
  role: number;
  schoolId: number | null;
  schoolName: string | null;
  quota: number | null;
  classIds: number[];
  name: string;
  phone: string | null;
};
export type ReviewerInsert = typeof blockReviewer.$inferInsert;

/** A Postgres int[] literal: arrays passed whole, so an empty list is a valid query too. */

/**
 * The outer user's id, qualified: drizzle writes a select field's column bare, which inside a correlated
 * subquery would name the inner table's own id.
 */
const userId = sql.raw('"user"."id"');

/** Roles 4 and 6 held in the exam for this subject (or for every subject). */
const holdsRole = (examId: number, subjectId: number, role: number): SQL =>
  sql`exists (select 1 from ${examRole} r where r.exam_id = ${examId} and r.user_id = ${userId}
    and r.role = ${role} and (r.subject_id = ${subjectId} or r.subject_id is null))`;

export function reviewerRepo(db: Db) {
  return {
    blocksOf: (subjectId: number) =>
      db
        .select({
          id: block.id,
          name: block.name,
          markCount: block.markCount,
          assignMode: block.assignMode,
          quota: block.quota,
        })
        .from(block)
        .where(eq(block.subjectId, subjectId))
        .orderBy(asc(block.sort), asc(block.id)),

    async reviewersOf(blockIds: number[]): Promise<ReviewerRow[]> {
      if (!blockIds.length) return [];
      return db
        .select({
          blockId: blockReviewer.blockId,
          userId: blockReviewer.userId,
          role: blockReviewer.role,
          schoolId: blockReviewer.schoolId,
          schoolName: school.name,
          quota: blockReviewer.quota,
          classIds: blockReviewer.classIds,
          name: user.name,
          phone: user.phone,
        })
        .from(blockReviewer)
        .innerJoin(user, eq(user.id, blockReviewer.userId))
        .leftJoin(school, eq(school.id, blockReviewer.schoolId))
        .where(inArray(blockReviewer.blockId, blockIds))
        .orderBy(asc(blockReviewer.createdAt), asc(blockReviewer.userId));
    },

    async replace(blockId: number, rows: ReviewerInsert[]): Promise<void> {
      await db.delete(blockReviewer).where(eq(blockReviewer.blockId, blockId));
      if (rows.length) await db.insert(blockReviewer).values(rows);
    },

    async setClasses(blockId: number, classIdsOf: Map<number, number[]>): Promise<void> {
      await db
        .update(blockReviewer)
        .set({ classIds: [] })
        .where(and(eq(blockReviewer.blockId, blockId), eq(blockReviewer.role, ExamRole.reviewers)));
      for (const [userId, classIds] of classIdsOf)
        await db
          .update(blockReviewer)
          .set({ classIds })
          .where(
            and(
              eq(blockReviewer.blockId, blockId),
              eq(blockReviewer.userId, userId),
              eq(blockReviewer.role, ExamRole.reviewers),
            ),
          );
    },

    async setAssignMode(blockId: number, assignMode: string): Promise<void> {
      await db.update(block).set({ assignMode, updatedAt: new Date() }).where(eq(block.id, blockId));
    },

    /** The removed markers' claimed (leased, not submitted) tasks of the block go back to the pool. */
    async releaseLeases(blockId: number, userIds: number[]): Promise<number> {
      if (!userIds.length) return 0;
      const rows = await db
        .update(markTask)
        .set({ status: 'pending', userId: null, leaseToken: null, leaseUntil: null })
        .where(
          and(
            eq(markTask.blockId, blockId),
            inArray(markTask.userId, userIds),
            eq(markTask.status, 'leased'),
          ),
        )
        .returning({ id: markTask.id });
      return rows.length;
    },

    /** Live recognised papers of the subject whose examinee is not absent: what an average split divides. */
    async papers(subjectId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paper)
        .where(
          and(
            eq(paper.subjectId, subjectId),
            isNull(paper.deletedAt),
            sql`${paper.recognisedAt} is not null`,
            sql`${paper.status} not in ('pending', 'setAside')`,
            eq(paper.absentMarked, false),
            notExists(
              db
                .select({ x: sql`1` })
                .from(absence)
                .where(and(eq(absence.examineeId, paper.examineeId), eq(absence.subjectId, subjectId))),
            ),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Who may be chosen for the subject's blocks: live teachers of `schoolIds`, and whoever already holds
     * 阅卷老师 or 题组长 for the subject. The school shown is the teacher's (the lowest id if several).
     */
    async candidates(
      q: { examId: number; subjectId: number; schoolIds: number[]; userIds?: number[] },
      page: { keyword?: string; offset: number; limit: number },
    ) {
      const schoolOf = sql<number | null>`coalesce(
        (select min(t.school_id) from ${teacher} t where t.user_id = ${userId} and t.deleted_at is null
          and t.school_id = any(${intArray(q.schoolIds)})),
        (select min(r.school_id) from ${examRole} r where r.exam_id = ${q.examId} and r.user_id = ${userId}
          and r.role in (4, 6) and (r.subject_id = ${q.subjectId} or r.subject_id is null)))`;
      const where = and(
        eq(user.status, 1),
        or(
          sql`exists (select 1 from ${teacher} t where t.user_id = ${userId} and t.deleted_at is null
            and t.school_id = any(${intArray(q.schoolIds)}))`,
          holdsRole(q.examId, q.subjectId, ExamRole.reviewers),
          holdsRole(q.examId, q.subjectId, ExamRole.leaders),
        ),
        q.userIds ? inArray(user.id, q.userIds.length ? q.userIds : [0]) : undefined,
        page.keyword
          ? or(ilike(user.name, `%${page.keyword}%`), ilike(user.phone, `%${page.keyword}%`))
          : undefined,
      );
      const inner = db
        .select({
          userId: user.id,
          name: user.name,
          phone: user.phone,
          schoolId: schoolOf.as('school_id'),
          reviewer: holdsRole(q.examId, q.subjectId, ExamRole.reviewers).mapWith(Boolean).as('reviewer'),
          leader: holdsRole(q.examId, q.subjectId, ExamRole.leaders).mapWith(Boolean).as('leader'),
        })
        .from(user)
        .where(where)
        .as('c');
      const [total] = await db.select({ n: count() }).from(inner);
      const items = await db
        .select({
          userId: inner.userId,
          name: inner.name,
          phone: inner.phone,
          schoolId: inner.schoolId,
          schoolName: school.name,
          reviewer: inner.reviewer,
          leader: inner.leader,
        })
        .from(inner)
        .leftJoin(school, eq(school.id, inner.schoolId))
        .orderBy(sql`${inner.reviewer} desc`, asc(inner.schoolId), asc(inner.name), asc(inner.userId))
        .offset(page.offset)
        .limit(page.limit);
      return { total: total?.n ?? 0, items };
    },

    /** Users by phone (Excel import), live accounts only. */
    async usersByPhone(phones: string[]) {
      if (!phones.length) return [];
      return db
        .select({ id: user.id, phone: user.phone })
        .from(user)
        .where(and(inArray(user.phone, phones), eq(user.status, 1)));
    },

    /** The classes of the exam's examinees in `schoolIds`, with their size. */
    classesOf: (examId: number, schoolIds: number[]) =>
      db
        .select({ id: banji.id, name: banji.name, schoolName: school.name, examinees: count() })
        .from(examinee)
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .innerJoin(school, eq(school.id, examinee.schoolId))
        .where(
          and(eq(examinee.examId, examId), inArray(examinee.schoolId, schoolIds.length ? schoolIds : [0])),
        )
        .groupBy(banji.id, banji.name, school.name, school.id)
        .orderBy(asc(school.id), asc(banji.sort), asc(banji.name)),

    /** The user's rows in a block, with what the effective quota depends on. */
    async markerRows(blockId: number, userId: number) {
      return db
        .select({
          quota: blockReviewer.quota,
          schoolId: blockReviewer.schoolId,
          classIds: blockReviewer.classIds,
          role: blockReviewer.role,
          subjectId: block.subjectId,
          assignMode: block.assignMode,
          markCount: block.markCount,
          blockQuota: block.quota,
          markers: sql<number>`(select count(*) from ${blockReviewer} x
            where x.block_id = ${blockId} and x.role = ${ExamRole.reviewers})::int`,
        })
        .from(blockReviewer)
        .innerJoin(block, eq(block.id, blockReviewer.blockId))
        .where(and(eq(blockReviewer.blockId, blockId), eq(blockReviewer.userId, userId)));
    },
  };
}
export type ReviewerRepo = ReturnType<typeof reviewerRepo>;
