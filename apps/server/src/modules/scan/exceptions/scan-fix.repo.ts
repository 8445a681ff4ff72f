import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ScanPageStatus, type ScanExceptionTypeValue } from '@yj/contracts';
import type { Db } from '../../../infra/db';
import { readExceptionDetail, readExceptionType } from '../../../db/stored';
import {
  banji,
  blockScore,
  examinee,
  markTask,
  paper,
  scanBatch,
  scanException,
  scanPage,
  school,
  student,
} from '../../../db/schema';
import { inSchools } from '../query/scan-query.repo';
import type { SchoolFilter } from '../scan-access';
import { pageRow, scanRepo, type PageRow, type PaperRow } from '../scan.repo';

/** An exception as the fixes see it: its kind known, its detail parsed by kind (db/stored.ts). */
export type ExceptionRow = Omit<typeof scanException.$inferSelect, 'type'> & { type: ScanExceptionTypeValue };

const exceptionRow = (row: typeof scanException.$inferSelect): ExceptionRow => {
  const type = readExceptionType(row.type, row.id);
  return { ...row, type, detail: readExceptionDetail(type, row.detail, row.id) };
};

/** Reads and writes of the exception fixes; every call runs inside the fix's transaction. */
export function scanFixRepo(db: Db) {
  // the paper and page reads and writes recognition uses too
  const { lockPaper, templateBody, updatePage, paperOfExaminee, pagesOf } = scanRepo(db);
  return {
    lockPaper,
    templateBody,
    updatePage,
    /** The examinee's other live paper in the subject (`except` 0: any). */
    livePaperOf: paperOfExaminee,

    /** The exception, locked for its fix (two people settling it at once: the second waits, then sees it done). */
    async lockException(id: number): Promise<ExceptionRow | null> {
      const [row] = await db.select().from(scanException).where(eq(scanException.id, id)).for('update');
      return row ? exceptionRow(row) : null;
    },

    async exception(id: number): Promise<ExceptionRow | null> {
      const [row] = await db.select().from(scanException).where(eq(scanException.id, id));
      return row ? exceptionRow(row) : null;
    },

    async page(id: number): Promise<PageRow | null> {
      const [row] = await db.select().from(scanPage).where(eq(scanPage.id, id));
      return row ? pageRow(row) : null;
    },

    pagesOf,

    /**
     * The live papers of a subject (of one batch, where given) whose every page is blank and which wait on an open
     * 空白页, in the user's schools, locked for the fix: nothing on them is anyone's.
     */
    async lockBlankPapers(subjectId: number, f: SchoolFilter, batchId?: number) {
      return db
        .select({ id: paper.id })
        .from(paper)
        .where(
          and(
            eq(paper.subjectId, subjectId),
            isNull(paper.deletedAt),
            eq(paper.status, 'exception'),
            batchId === undefined ? undefined : eq(paper.batchId, batchId),
            inSchools(paper.schoolId, f),
            sql`exists (select from ${scanException} e where e.paper_id = ${paper.id} and e.type = 'blank'
              and not e.resolved)`,
            sql`not exists (select from ${scanPage} g where g.paper_id = ${paper.id}
              and g.status not in ('blank', 'removed'))`,
          ),
        )
        .orderBy(asc(paper.id))
        .for('update');
    },

    /** Open exceptions of a paper (optionally of some types). */
    openOf: (paperId: number, types?: string[]): Promise<Array<{ id: number }>> =>
      db
        .select({ id: scanException.id })
        .from(scanException)
        .where(
          and(
            eq(scanException.paperId, paperId),
            eq(scanException.resolved, false),
            types ? inArray(scanException.type, types) : undefined,
          ),
        )
        .orderBy(asc(scanException.id)),

    /**
     * Marks exceptions settled, recording how (the rows stay: DESIGN.md §4); answers the rows settled (the fixes
     * pass them on to marking: a 问题卷 a leader sent to the scanning staff returns to the pool).
     */
    async settle(ids: number[], userId: number, resolution: string, extra: Record<string, unknown> = {}) {
      if (!ids.length) return [];
      return db
        .update(scanException)
        .set({
          resolved: true,
          resolvedBy: userId,
          resolvedAt: new Date(),
          detail: sql`${scanException.detail} || ${JSON.stringify({ resolution, ...extra })}::jsonb`,
        })
        .where(and(inArray(scanException.id, ids), eq(scanException.resolved, false)))
        .returning({ id: scanException.id, detail: scanException.detail });
    },

    async updatePaper(id: number, v: Partial<typeof paper.$inferInsert>): Promise<void> {
      await db.update(paper).set(v).where(eq(paper.id, id));
    },

    async updatePapers(ids: number[], v: Partial<typeof paper.$inferInsert>): Promise<void> {
      await db.update(paper).set(v).where(inArray(paper.id, ids));
    },

    /** ok when no exception is left open, exception otherwise (pending and set-aside papers stay as they are). */
    async refreshStatus(paperId: number): Promise<void> {
      await db
        .update(paper)
        .set({
          status: sql`case when exists (select 1 from ${scanException} where ${scanException.paperId} = ${paperId} and ${scanException.resolved} = false) then 'exception' else 'ok' end`,
        })
        .where(and(eq(paper.id, paperId), inArray(paper.status, ['ok', 'exception'])));
    },

    /** The examinee of the exam, locked while a paper is given to them. */
    async lockExaminee(examId: number, examineeId: number) {
      const [row] = await db
        .select({ id: examinee.id, schoolId: examinee.schoolId, kaohao: examinee.kaohao })
        .from(examinee)
        .where(and(eq(examinee.examId, examId), eq(examinee.id, examineeId)))
        .for('update');
      return row ?? null;
    },

    async examineeName(examineeId: number): Promise<string> {
      const [row] = await db
        .select({ name: student.name })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .where(eq(examinee.id, examineeId));
      return row?.name ?? '';
    },

    async batch(id: number) {
      const [row] = await db.select().from(scanBatch).where(eq(scanBatch.id, id)).for('update');
      return row ?? null;
    },

    /**
     * How many of these papers a marker has had (a task claimed, submitted or sent to 问题卷) or that have a
     * decided block score other than one read from the sheet's 打分栏 (先阅后扫).
     */
    async markedCount(paperIds: number[]): Promise<number> {
      if (!paperIds.length) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(paper)
        .where(
          and(
            inArray(paper.id, paperIds),
            sql`(exists (select 1 from ${markTask} t where t.paper_id = ${paper.id} and t.status <> 'pending')
              or exists (select 1 from ${blockScore} s where s.paper_id = ${paper.id} and s.source <> 'xianyue'))`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The batch voided and its pages with it: out of the counts, their images free to come again. */
    async voidBatch(batchId: number, userId: number): Promise<void> {
      await db
        .update(scanBatch)
        .set({ voidedAt: new Date(), voidedBy: userId })
        .where(eq(scanBatch.id, batchId));
      await db.update(scanPage).set({ status: ScanPageStatus.voided }).where(eq(scanPage.batchId, batchId));
    },

    livePapersOfBatch: (batchId: number): Promise<PaperRow[]> =>
      db
        .select()
        .from(paper)
        .where(and(eq(paper.batchId, batchId), isNull(paper.deletedAt)))
        .orderBy(asc(paper.id)),

    async openOfPapers(paperIds: number[]): Promise<Array<{ id: number }>> {
      if (!paperIds.length) return [];
      return db
        .select({ id: scanException.id })
        .from(scanException)
        .where(and(inArray(scanException.paperId, paperIds), eq(scanException.resolved, false)));
    },

    /**
     * The open 页面异常 of other papers naming one of these as holding the same sheet (same-sheet.ts), through the
     * subject's open exceptions of that kind (scan_exception_subject_idx).
     */
    async openTwinsOf(paperIds: number[]): Promise<Array<{ id: number; paperId: number | null }>> {
      if (!paperIds.length) return [];
      return db
        .select({ id: scanException.id, paperId: scanException.paperId })
        .from(scanException)
        .where(
          and(
            sql`${scanException.subjectId} = (select ${paper.subjectId} from ${paper} where ${paper.id} = ${paperIds[0]!})`,
            eq(scanException.resolved, false),
            eq(scanException.type, 'wrongPage'),
            inArray(sql`(${scanException.detail}->>'otherPaperId')::int`, paperIds),
          ),
        );
    },

    async requeuePages(paperIds: number[]): Promise<void> {
      if (!paperIds.length) return;
      await db
        .update(scanPage)
        .set({ status: 'queued', attempts: 0, error: null })
        .where(and(inArray(scanPage.paperId, paperIds), ne(scanPage.status, 'removed')));
    },

    /** A paper as the screens show it: examinee, class, pages. */
    async paperView(id: number) {
      const [row] = await db
        .select({
          id: paper.id,
          batchId: paper.batchId,
          schoolId: paper.schoolId,
          status: paper.status,
          kaohao: paper.kaohao,
          examineeId: paper.examineeId,
          name: student.name,
          className: banji.name,
          objective: paper.objective,
          scores: paper.scores,
          absentMarked: paper.absentMarked,
          paperType: paper.paperType,
          subjectId: paper.subjectId,
        })
        .from(paper)
        .leftJoin(examinee, eq(examinee.id, paper.examineeId))
        .leftJoin(student, eq(student.id, examinee.studentId))
        .leftJoin(banji, eq(banji.id, examinee.classId))
        .where(eq(paper.id, id));
      return row ?? null;
    },

    async examineeView(examId: number, examineeId: number) {
      const [row] = await db
        .select({
          id: examinee.id,
          kaohao: examinee.kaohao,
          name: student.name,
          className: banji.name,
          schoolId: examinee.schoolId,
          schoolName: school.name,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .innerJoin(school, eq(school.id, examinee.schoolId))
        .where(and(eq(examinee.examId, examId), eq(examinee.id, examineeId)));
      return row ?? null;
    },

    async openCount(subjectId: number, types: string[], schools: 'all' | readonly number[]) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scanException)
        .where(
          and(
            eq(scanException.subjectId, subjectId),
            eq(scanException.resolved, false),
            inArray(scanException.type, types),
            schools === 'all'
              ? undefined
              : schools.length
                ? inArray(scanException.schoolId, [...schools])
                : sql`false`,
          ),
        );
      return Number(row?.n ?? 0);
    },
  };
}
/** The repository as the fixes use it: `resolve` settles and answers how many (fix-kit.ts adds it). */
export type ScanFixRepo = ReturnType<typeof scanFixRepo> & {
  resolve(
    ids: number[],
    userId: number,
    resolution: string,
    extra?: Record<string, unknown>,
  ): Promise<number>;
};
