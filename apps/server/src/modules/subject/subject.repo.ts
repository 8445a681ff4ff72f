import { and, asc, count, countDistinct, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { ExamRole, ScanExceptionType } from '@yj/contracts';
import type { Db } from '../../infra/db';
import {
  block,
  blockReviewer,
  examSchool,
  paper,
  question,
  scanException,
  scanFinish,
  school,
  subject,
} from '../../db/schema';

export type ScheduleKind = 'start' | 'end';

const live = isNull(subject.deletedAt);

/** The subject row and its state: locked for a transition, the schedule, and what 开始阅卷 checks. */
export function subjectRepo(db: Db) {
  return {
    async find(subjectId: number) {
      const [row] = await db
        .select()
        .from(subject)
        .where(and(eq(subject.id, subjectId), live));
      return row ?? null;
    },

    /** The subject locked for update: two transitions of one subject never interleave. */
    async lock(subjectId: number) {
      const [row] = await db
        .select()
        .from(subject)
        .where(and(eq(subject.id, subjectId), live))
        .for('update');
      return row ?? null;
    },

    async setStatus(subjectId: number, status: number): Promise<void> {
      await db.update(subject).set({ status }).where(eq(subject.id, subjectId));
    },

    async setSchedule(subjectId: number, v: { reviewStartAt?: Date | null; reviewEndAt?: Date | null }) {
      await db.update(subject).set(v).where(eq(subject.id, subjectId));
    },

    /** Live subjects with a start or end time set (re-armed, or fired when due, on server start). */
    scheduled: () =>
      db
        .select({ id: subject.id, reviewStartAt: subject.reviewStartAt, reviewEndAt: subject.reviewEndAt })
        .from(subject)
        .where(and(live, or(isNotNull(subject.reviewStartAt), isNotNull(subject.reviewEndAt)))),

    ofExam: (examId: number) =>
      db
        .select({
          subjectId: subject.id,
          name: subject.name,
          status: subject.status,
          reviewStartAt: subject.reviewStartAt,
          reviewEndAt: subject.reviewEndAt,
        })
        .from(subject)
        .where(and(eq(subject.examId, examId), live))
        .orderBy(asc(subject.sort), asc(subject.id)),

    /** Schools of the exam without a confirmed 扫描完成 for the subject. */
    async unfinishedSchools(examId: number, subjectId: number) {
      return db
        .select({ id: school.id, name: school.name })
        .from(examSchool)
        .innerJoin(school, eq(school.id, examSchool.schoolId))
        .leftJoin(
          scanFinish,
          and(eq(scanFinish.schoolId, examSchool.schoolId), eq(scanFinish.subjectId, subjectId)),
        )
        .where(and(eq(examSchool.examId, examId), isNull(scanFinish.schoolId)))
        .orderBy(asc(school.id));
    },

    async questionKinds(subjectId: number) {
      return db
        .select({ no: question.no, kind: question.kind })
        .from(question)
        .where(eq(question.subjectId, subjectId))
        .orderBy(asc(question.sort));
    },

    /** The subject's blocks with their question numbers, regions and count of markers (role 4). */
    async blocks(subjectId: number) {
      const rows = await db
        .select({ id: block.id, name: block.name, nos: block.nos, regions: block.regions })
        .from(block)
        .where(eq(block.subjectId, subjectId))
        .orderBy(asc(block.sort), asc(block.id));
      if (!rows.length) return [];
      const markers = await db
        .select({ blockId: blockReviewer.blockId, n: count() })
        .from(blockReviewer)
        .where(
          and(
            inArray(
              blockReviewer.blockId,
              rows.map((r) => r.id),
            ),
            eq(blockReviewer.role, ExamRole.reviewers),
          ),
        )
        .groupBy(blockReviewer.blockId);
      return rows.map((r) => ({ ...r, markers: markers.find((m) => m.blockId === r.id)?.n ?? 0 }));
    },

    /** Live papers an open 定位 / 考号 exception leaves without a page to cut the blocks from. */
    async papersWithoutImage(subjectId: number): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(scanException.paperId) })
        .from(scanException)
        .innerJoin(paper, eq(paper.id, scanException.paperId))
        .where(
          and(
            eq(scanException.subjectId, subjectId),
            eq(scanException.resolved, false),
            inArray(scanException.type, [ScanExceptionType.location, ScanExceptionType.kaohao]),
            isNull(paper.deletedAt),
          ),
        );
      return Number(row?.n ?? 0);
    },
  };
}
export type SubjectRepo = ReturnType<typeof subjectRepo>;
