import { sql } from 'drizzle-orm';
import type { BlockRegion } from '@yj/contracts';
import { rowsOf, type Db } from '../../infra/db';
import { objectiveAnswers, readEntries, type ScoreEntry } from './report.repo';
import { readBlockRegions } from '../../db/stored';

/** The reads of 试卷讲评 and the student report beside the report's own (report.repo.ts). */
export function reportCommentaryRepo(db: Db) {
  return {
    /**
     * Answers a class's examinees who sat gave to each objective question, per distinct answer as stored
     * (a JSON list of labels; [] blank). Undecided recognitions (null) are left out.
     */
    async classAnswers(
      subjectId: number,
      classId: number,
    ): Promise<{ no: string; answer: string; count: number }[]> {
      const r = await db.execute(sql`
        select q.no, j.value::text as answer, count(*)::int as count
        from paper p join examinee e on e.id = p.examinee_id and e.class_id = ${classId}
        join score s on s.subject_id = p.subject_id and s.examinee_id = p.examinee_id and not s.absent
        ${objectiveAnswers}
        where p.subject_id = ${subjectId} and p.deleted_at is null and jsonb_typeof(j.value) = 'array'
        group by 1, 2`);
      return rowsOf<{ no: string; answer: string; count: number }>(r);
    },

    /** The classes with a score row (sat or 缺考) in the subject: those 试卷讲评 offers. */
    async scoredClasses(subjectId: number): Promise<Set<number>> {
      const r = await db.execute(sql`
        select distinct e.class_id as id from score s join examinee e on e.id = s.examinee_id
        where s.subject_id = ${subjectId}`);
      return new Set(rowsOf<{ id: number }>(r).map((x) => x.id));
    },

    /** The scored examinees of one class in a subject, with their question scores (null when absent). */
    async classEntries(subjectId: number, classId: number): Promise<ScoreEntry[]> {
      const r = await db.execute(sql`
        select s.examinee_id as "examineeId", e.student_id as "studentId", e.school_id as "schoolId", e.class_id as "classId",
          case when s.absent then null else s.total::float8 end as total,
          case when s.absent then null else s.question_scores end as questions
        from score s join examinee e on e.id = s.examinee_id and e.class_id = ${classId}
        where s.subject_id = ${subjectId}`);
      return readEntries(rowsOf<ScoreEntry>(r), subjectId);
    },

    /** The subject's blocks: the question nos each marks and where it is cut from. */
    async blocks(subjectId: number): Promise<{ id: number; nos: string[]; regions: BlockRegion[] }[]> {
      const r = await db.execute(
        sql`select id, nos, regions from block where subject_id = ${subjectId} order by sort, id`,
      );
      return rowsOf<{ id: number; nos: string[]; regions: unknown }>(r).map((b) => ({
        ...b,
        regions: readBlockRegions(b.regions, b.id),
      }));
    },

    /** An examinee of an exam: school and class. */
    async examinee(
      examId: number,
      examineeId: number,
    ): Promise<{ schoolId: number; classId: number } | null> {
      const r = await db.execute(sql`
        select school_id as "schoolId", class_id as "classId" from examinee
        where id = ${examineeId} and exam_id = ${examId}`);
      return rowsOf<{ schoolId: number; classId: number }>(r)[0] ?? null;
    },

    /** The examinee's paper whose final score of the block stands (the one marked), if any. */
    async markedPaper(blockId: number, examineeId: number): Promise<number | null> {
      const r = await db.execute(sql`
        select p.id from block_score b join paper p on p.id = b.paper_id
        where b.block_id = ${blockId} and p.examinee_id = ${examineeId} and p.deleted_at is null
        order by p.id desc limit 1`);
      return rowsOf<{ id: number }>(r)[0]?.id ?? null;
    },
  };
}
export type ReportCommentaryRepo = ReturnType<typeof reportCommentaryRepo>;
