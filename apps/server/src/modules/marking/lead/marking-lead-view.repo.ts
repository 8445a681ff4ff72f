import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  banji,
  block,
  blockReviewer,
  blockScore,
  examinee,
  markTask,
  paper,
  question,
  school,
  student,
  user,
} from '../../../db/schema';
import type { Db } from '../../../infra/db';
import type { LeadSchool } from './marking-lead.repo';

const ARBITRATION = 9;
const schoolOf = (school: LeadSchool) => (school === null ? undefined : eq(markTask.schoolId, school));
const num = (v: unknown): number => Number(v ?? 0);

/** The leaders' read models: progress counted in the database per block, a marker's papers, one paper's marks. */
export function markingLeadViewRepo(db: Db) {
  return {
    /** Task counts per block in one grouped pass (arbitration slot apart from the marks). */
    taskCounts: (blockIds: number[], school: LeadSchool) =>
      db
        .select({
          blockId: markTask.blockId,
          papers: sql<number>`count(distinct ${markTask.paperId})`.mapWith(Number),
          total: sql<number>`count(*) filter (where ${markTask.slot} <> ${ARBITRATION})`.mapWith(Number),
          submitted:
            sql<number>`count(*) filter (where ${markTask.slot} <> ${ARBITRATION} and ${markTask.status} = 'submitted')`.mapWith(
              Number,
            ),
          leased:
            sql<number>`count(*) filter (where ${markTask.slot} <> ${ARBITRATION} and ${markTask.status} = 'leased')`.mapWith(
              Number,
            ),
          pending:
            sql<number>`count(*) filter (where ${markTask.slot} <> ${ARBITRATION} and ${markTask.status} = 'pending')`.mapWith(
              Number,
            ),
          problem: sql<number>`count(*) filter (where ${markTask.status} = 'problem')`.mapWith(Number),
          openProblems:
            sql<number>`count(*) filter (where ${markTask.status} = 'problem' and ${markTask.problem}->>'resolution' is null)`.mapWith(
              Number,
            ),
          arbWaiting:
            sql<number>`count(*) filter (where ${markTask.slot} = ${ARBITRATION} and ${markTask.status} <> 'submitted')`.mapWith(
              Number,
            ),
          arbDone:
            sql<number>`count(*) filter (where ${markTask.slot} = ${ARBITRATION} and ${markTask.status} = 'submitted')`.mapWith(
              Number,
            ),
        })
        .from(markTask)
        .where(and(inArray(markTask.blockId, blockIds), schoolOf(school)))
        .groupBy(markTask.blockId),

    /** Each marker's submitted marks: count, the last hour's count and the mean score. */
    markerCounts: (blockIds: number[], school: LeadSchool) =>
      db
        .select({
          blockId: markTask.blockId,
          userId: markTask.userId,
          name: user.name,
          done: count(),
          lastHour:
            sql<number>`count(*) filter (where ${markTask.submittedAt} > now() - interval '1 hour')`.mapWith(
              Number,
            ),
          mean: sql<number | null>`round(avg(${markTask.score}), 2)`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        })
        .from(markTask)
        .innerJoin(user, eq(user.id, markTask.userId))
        .where(
          and(
            inArray(markTask.blockId, blockIds),
            eq(markTask.status, 'submitted'),
            ne(markTask.slot, ARBITRATION),
            schoolOf(school),
          ),
        )
        .groupBy(markTask.blockId, markTask.userId, user.name),

    /** The assigned markers (role 4) with their quota, whether they marked yet or not. */
    assigned: (blockIds: number[]) =>
      db
        .select({
          blockId: blockReviewer.blockId,
          userId: blockReviewer.userId,
          name: user.name,
          quota: blockReviewer.quota,
          schoolId: blockReviewer.schoolId,
        })
        .from(blockReviewer)
        .innerJoin(user, eq(user.id, blockReviewer.userId))
        .where(and(inArray(blockReviewer.blockId, blockIds), eq(blockReviewer.role, 4)))
        .orderBy(asc(blockReviewer.createdAt), asc(blockReviewer.userId)),

    /** Leased tasks per marker now (the recall button shows only where there is something to recall). */
    leasedBy: (blockIds: number[], school: LeadSchool) =>
      db
        .select({ blockId: markTask.blockId, userId: markTask.userId, n: count() })
        .from(markTask)
        .where(and(inArray(markTask.blockId, blockIds), eq(markTask.status, 'leased'), schoolOf(school)))
        .groupBy(markTask.blockId, markTask.userId),

    /** A marker's submitted marks of a block, newest first. */
    async markerTasks(
      blockId: number,
      userId: number,
      school: LeadSchool,
      q: { page: number; size: number },
    ) {
      const where = and(
        eq(markTask.blockId, blockId),
        eq(markTask.userId, userId),
        eq(markTask.status, 'submitted'),
        schoolOf(school),
      );
      const [total] = await db.select({ n: count() }).from(markTask).where(where);
      const items = await db
        .select({
          taskId: markTask.id,
          paperId: markTask.paperId,
          slot: markTask.slot,
          score: markTask.score,
          questionScores: markTask.questionScores,
          submittedAt: markTask.submittedAt,
        })
        .from(markTask)
        .where(where)
        .orderBy(desc(markTask.submittedAt), desc(markTask.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { total: num(total?.n), items };
    },

    /** The paper with its student (name, 考号, class) and school. */
    async paper(paperId: number) {
      const [row] = await db
        .select({
          id: paper.id,
          subjectId: paper.subjectId,
          schoolId: paper.schoolId,
          kaohao: paper.kaohao,
          name: student.name,
          className: banji.name,
          schoolName: school.name,
        })
        .from(paper)
        .innerJoin(school, eq(school.id, paper.schoolId))
        .leftJoin(examinee, eq(examinee.id, paper.examineeId))
        .leftJoin(student, eq(student.id, examinee.studentId))
        .leftJoin(banji, eq(banji.id, examinee.classId))
        .where(and(eq(paper.id, paperId), isNull(paper.deletedAt)));
      return row ?? null;
    },

    blocksOf: (subjectId: number) =>
      db
        .select({ id: block.id, name: block.name, nos: block.nos })
        .from(block)
        .where(eq(block.subjectId, subjectId))
        .orderBy(asc(block.sort), asc(block.id)),

    questionScores: (subjectId: number) =>
      db
        .select({ no: question.no, score: question.score })
        .from(question)
        .where(eq(question.subjectId, subjectId)),

    tasksOfPaper: (paperId: number) =>
      db
        .select({
          taskId: markTask.id,
          blockId: markTask.blockId,
          slot: markTask.slot,
          status: markTask.status,
          markerName: user.name,
          score: markTask.score,
          questionScores: markTask.questionScores,
          submittedAt: markTask.submittedAt,
        })
        .from(markTask)
        .leftJoin(user, eq(user.id, markTask.userId))
        .where(eq(markTask.paperId, paperId))
        .orderBy(asc(markTask.blockId), asc(markTask.slot)),

    scoresOfPaper: (paperId: number) => {
      const decider = alias(user, 'decider');
      return db
        .select({
          blockId: blockScore.blockId,
          score: blockScore.score,
          source: blockScore.source,
          decidedBy: decider.name,
          decidedAt: blockScore.decidedAt,
        })
        .from(blockScore)
        .leftJoin(decider, eq(decider.id, blockScore.decidedBy))
        .where(eq(blockScore.paperId, paperId));
    },
  };
}
export type MarkingLeadViewRepo = ReturnType<typeof markingLeadViewRepo>;
