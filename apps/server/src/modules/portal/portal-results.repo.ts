import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { StoredMarksSchema, SubjectStatus, type BlockRegion, type PublishSetting } from '@yj/contracts';
import { rowsOf, type Db } from '../../infra/db';
import { readStored } from '../../db/stored';
import {
  banji,
  block,
  blockScore,
  exam,
  examinee,
  examPublishSetting,
  markTask,
  paper,
  question,
  scanPage,
  score,
  student,
  subject,
} from '../../db/schema';

// What a student or parent may see is published results only: a subject of a visible exam in state 已发布.
// 取消发布 moves the state back, so the next read sees nothing; 定时发布 moves it forward at its time.
const published = and(eq(subject.status, SubjectStatus.published), isNull(subject.deletedAt));
const visibleExam = and(isNull(exam.deletedAt), eq(exam.hidden, false));

export interface ScoreRow {
  subjectId: number;
  schoolId: number;
  examineeId: number;
  classId: number;
  total: number | null;
  absent: boolean;
}

/** Published results read for 学生端 / 家长端: exams, scores beside the school's, questions, the marked paper. */
export function portalResultsRepo(db: Db) {
  return {
    /** The student's exams with a published subject, newest first, with the published total. */
    async exams(studentId: number, parentView: boolean) {
      return db
        .select({
          examId: exam.id,
          name: exam.name,
          date: exam.startDate,
          subjects: sql<number>`count(${subject.id})::int`,
          total: sql<number | null>`sum(${score.total}) filter (where ${subject.inTotal})`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
          fullScore:
            sql<number>`coalesce(sum(${subject.fullScore}) filter (where ${subject.inTotal}), 0)`.mapWith(
              Number,
            ),
        })
        .from(examinee)
        .innerJoin(exam, eq(exam.id, examinee.examId))
        .innerJoin(subject, and(eq(subject.examId, exam.id), published))
        .leftJoin(score, and(eq(score.subjectId, subject.id), eq(score.examineeId, examinee.id)))
        .leftJoin(examPublishSetting, eq(examPublishSetting.examId, exam.id))
        .where(
          and(
            eq(examinee.studentId, studentId),
            visibleExam,
            parentView ? sql`coalesce(${examPublishSetting.openToParents}, true)` : undefined,
          ),
        )
        .groupBy(exam.id)
        .orderBy(sql`${exam.startDate} desc nulls last`, desc(exam.id));
    },

    /** The school's visible exams with a published subject, newest first: the 考号 sign-in's choice. */
    async schoolExams(schoolId: number, limit: number) {
      return db
        .selectDistinct({ id: exam.id, name: exam.name, date: exam.startDate })
        .from(exam)
        .innerJoin(subject, and(eq(subject.examId, exam.id), published))
        .where(
          and(
            visibleExam,
            sql`exists (select 1 from ${examinee} where ${examinee.examId} = ${exam.id}
              and ${examinee.schoolId} = ${schoolId})`,
          ),
        )
        .orderBy(sql`${exam.startDate} desc nulls last`, desc(exam.id))
        .limit(limit);
    },

    /** The 学号 of the school's student who sat the exam under this 考号; null when none. */
    async xuehaoByKaohao(schoolId: number, examId: number, kaohao: string): Promise<string | null> {
      const [row] = await db
        .select({ xuehao: student.xuehao })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .where(
          and(eq(examinee.examId, examId), eq(examinee.kaohao, kaohao), eq(examinee.schoolId, schoolId)),
        );
      return row?.xuehao ?? null;
    },

    /** The student's examinee row in a visible exam with a published subject; null otherwise. */
    async examinee(examId: number, studentId: number) {
      const [row] = await db
        .select({
          examineeId: examinee.id,
          schoolId: examinee.schoolId,
          classId: examinee.classId,
          examName: exam.name,
          examType: exam.type,
          date: exam.startDate,
          className: banji.name,
          name: student.name,
        })
        .from(examinee)
        .innerJoin(exam, eq(exam.id, examinee.examId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .innerJoin(student, eq(student.id, examinee.studentId))
        .where(
          and(
            eq(examinee.examId, examId),
            eq(examinee.studentId, studentId),
            visibleExam,
            sql`exists (select 1 from ${subject} where ${subject.examId} = ${exam.id}
              and ${subject.status} = ${SubjectStatus.published} and ${subject.deletedAt} is null)`,
          ),
        );
      return row ?? null;
    },

    async setting(examId: number): Promise<PublishSetting | null> {
      const [row] = await db
        .select({
          rankMode: examPublishSetting.rankMode,
          showAverages: examPublishSetting.showAverages,
          showPaper: examPublishSetting.showPaper,
          showAnswers: examPublishSetting.showAnswers,
          openToParents: examPublishSetting.openToParents,
        })
        .from(examPublishSetting)
        .where(eq(examPublishSetting.examId, examId));
      return row ? { ...row, rankMode: row.rankMode as PublishSetting['rankMode'] } : null;
    },

    async saveSetting(examId: number, s: PublishSetting, userId: number): Promise<void> {
      const values = { ...s, updatedBy: userId, updatedAt: new Date() };
      await db
        .insert(examPublishSetting)
        .values({ examId, ...values })
        .onConflictDoUpdate({ target: examPublishSetting.examId, set: values });
    },

    async publishedSubjects(examId: number) {
      return db
        .select({
          id: subject.id,
          name: subject.name,
          fullScore: subject.fullScore,
          inTotal: subject.inTotal,
        })
        .from(subject)
        .where(and(eq(subject.examId, examId), published))
        .orderBy(asc(subject.sort), asc(subject.id));
    },

    /**
     * Every score in the exam's published subjects of the school's examinees (the class and grade beside one), or
     * of every school's (a 联考's figures among all its examinees) when `schoolId` is null.
     */
    async examScores(examId: number, schoolId: number | null): Promise<ScoreRow[]> {
      return db
        .select({
          subjectId: score.subjectId,
          schoolId: examinee.schoolId,
          examineeId: score.examineeId,
          classId: examinee.classId,
          total: score.total,
          absent: score.absent,
        })
        .from(score)
        .innerJoin(subject, eq(subject.id, score.subjectId))
        .innerJoin(examinee, eq(examinee.id, score.examineeId))
        .where(
          and(
            eq(subject.examId, examId),
            published,
            schoolId === null ? undefined : eq(examinee.schoolId, schoolId),
          ),
        );
    },

    /** A published subject of a visible exam, with its exam. */
    async subject(subjectId: number) {
      const [row] = await db
        .select({
          id: subject.id,
          name: subject.name,
          fullScore: subject.fullScore,
          examId: exam.id,
          examName: exam.name,
        })
        .from(subject)
        .innerJoin(exam, eq(exam.id, subject.examId))
        .where(and(eq(subject.id, subjectId), published, visibleExam));
      return row ?? null;
    },

    async score(subjectId: number, examineeId: number) {
      const [row] = await db
        .select({
          total: score.total,
          absent: score.absent,
          paperId: score.paperId,
          questionScores: score.questionScores,
        })
        .from(score)
        .where(and(eq(score.subjectId, subjectId), eq(score.examineeId, examineeId)));
      return row ?? null;
    },

    async questions(subjectId: number) {
      return db
        .select({ no: question.no, kind: question.kind, fullScore: question.score, key: question.answer })
        .from(question)
        .where(eq(question.subjectId, subjectId))
        .orderBy(asc(question.sort), asc(question.id));
    },

    /** The class's 得分率 per question: mean score over full marks, of those not absent. */
    async classRates(subjectId: number, classId: number): Promise<Map<string, number>> {
      const r = await db.execute(sql`
        select q.no, avg((qs.value)::numeric) / nullif(q.score, 0) as rate
        from ${score} sc
        join ${examinee} x on x.id = sc.examinee_id
        cross join lateral jsonb_each_text(sc.question_scores) qs
        join ${question} q on q.subject_id = sc.subject_id and q.no = qs.key
        where sc.subject_id = ${subjectId} and x.class_id = ${classId} and not sc.absent
        group by q.no, q.score`);
      const rows = rowsOf<{ no: string; rate: string | number | null }>(r);
      return new Map(rows.map((x) => [x.no, x.rate === null ? 0 : Number(x.rate)]));
    },

    async objective(paperId: number): Promise<Record<string, string[] | null>> {
      const [row] = await db.select({ objective: paper.objective }).from(paper).where(eq(paper.id, paperId));
      return row?.objective ?? {};
    },

    /** The subject's 题块 with the paper's final score and the annotations of the mark that decided it. */
    async blocks(subjectId: number, paperId: number) {
      const rows = await db
        .select({
          blockId: block.id,
          name: block.name,
          nos: block.nos,
          score: blockScore.score,
          regions: block.regions,
          // the arbitration's marks when there was one, else the first marker's
          marks: sql<unknown>`coalesce((select t.marks from ${markTask} t where t.block_id = ${block.id}
            and t.paper_id = ${paperId} and t.status = 'submitted' order by (t.slot = 9) desc, t.slot limit 1),
            '[]'::jsonb)`,
        })
        .from(block)
        .leftJoin(blockScore, and(eq(blockScore.blockId, block.id), eq(blockScore.paperId, paperId)))
        .where(eq(block.subjectId, subjectId))
        .orderBy(asc(block.sort), asc(block.id));
      return rows.map((r) => ({
        ...r,
        marks: readStored(StoredMarksSchema, r.marks, `block ${r.blockId} paper ${paperId} marks`) ?? [],
      }));
    },

    async pages(paperId: number) {
      return db
        .select({
          pageId: scanPage.id,
          position: scanPage.position,
          storageKey: scanPage.storageKey,
          templatePage: scanPage.templatePage,
          matrix: sql<unknown>`${scanPage.result}->'registration'->'matrix'`,
        })
        .from(scanPage)
        .where(eq(scanPage.paperId, paperId))
        .orderBy(asc(scanPage.position), asc(scanPage.id));
    },

    async blockRegions(subjectId: number, blockId: number): Promise<BlockRegion[] | null> {
      const [row] = await db
        .select({ regions: block.regions })
        .from(block)
        .where(and(eq(block.id, blockId), eq(block.subjectId, subjectId)));
      return row?.regions ?? null;
    },
  };
}
export type PortalResultsRepo = ReturnType<typeof portalResultsRepo>;
