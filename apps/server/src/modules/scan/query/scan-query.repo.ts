import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { ScanCounts } from '@yj/contracts';
import type { Db } from '../../../infra/db';
import { readExceptionDetail, readExceptionType, readPageCrops } from '../../../db/stored';
import {
  absence,
  banji,
  examSchool,
  examinee,
  paper,
  scanBatch,
  scanException,
  scanPage,
  school,
  student,
  user,
} from '../../../db/schema';
import type { SchoolFilter } from '../scan-access';

/** The school filter as SQL (undefined: every school). */
export const inSchools = (col: Column, f: SchoolFilter): SQL | undefined =>
  f === 'all' ? undefined : f.length ? inArray(col, [...f]) : sql`false`;

const n = (v: unknown): number => Number(v ?? 0);
// 异常页: a page with an exception still open (its own, or its paper's raised on it: 考号, 缺考 …). A page whose
// exceptions were all settled counts as read (its recognition status stays 'exception': it tells how it was read,
// not what is left to do — the scan page showed 异常页 2 after every exception had been handled).
const openOnPage = sql`exists (select 1 from ${scanException} e where e.paper_id = ${scanPage.paperId}
  and e.page_id = ${scanPage.id} and not e.resolved)`;
/**
 * The pages counted, each with its open-exception flag worked out once. The flag is read by three counts; as a
 * plain expression PostgreSQL would probe scan_exception once per count (three probes a page on every poll).
 * OFFSET 0 keeps the subquery from being flattened into the aggregate, which would copy the probe back in.
 */
const pagesWithFlag = (db: Db, where: SQL | undefined) =>
  db
    .select({
      batchId: scanPage.batchId,
      subjectId: scanPage.subjectId,
      status: scanPage.status,
      streaks: scanPage.streaks,
      thresholded: scanPage.thresholded,
      open: sql<boolean>`${openOnPage}`.as('open'),
    })
    .from(scanPage)
    .where(where)
    .offset(0)
    .as('p');
type FlaggedPages = ReturnType<typeof pagesWithFlag>;
const pageCounts = (p: FlaggedPages) => ({
  pages: sql<number>`count(${p.batchId})::int`,
  queued: sql<number>`(count(*) filter (where ${p.status} = 'queued'))::int`,
  recognised: sql<number>`(count(*) filter (where ${p.status} in ('recognised', 'exception') and not ${p.open}))::int`,
  exception: sql<number>`(count(*) filter (where ${p.status} <> 'queued' and ${p.open}))::int`,
  blank: sql<number>`(count(*) filter (where ${p.status} = 'blank' and not ${p.open}))::int`,
});
const toCounts = (r: Record<keyof ScanCounts, unknown>): ScanCounts => ({
  pages: n(r.pages),
  queued: n(r.queued),
  recognised: n(r.recognised),
  exception: n(r.exception),
  blank: n(r.blank),
});
const livePaper = and(isNull(paper.deletedAt));
// Pages raised as another student's in their paper (paper-pages.ts: a card page twice, another exam number), still
// open: a batch's count for the notice that asks for a two-sided scan — not one sheet found in two papers or a shift
// after a jam, which have other causes. Found through the subject's open 页面异常 (scan_exception_subject_idx), a few.
const foreignOpen = sql<number>`(select count(*) from ${scanException} e where e.subject_id = ${scanBatch.subjectId}
  and not e.resolved and e.type = 'wrongPage' and e.batch_id = ${scanBatch.id}
  and e.detail->>'foreign' in ('twice', 'kaohao'))::int`;

/** Read side of scanning: progress, exception counts and lists, missing examinees, page lookups. */
export function scanQueryRepo(db: Db) {
  return {
    async batches(subjectId: number, f: SchoolFilter) {
      const p = pagesWithFlag(db, eq(scanPage.subjectId, subjectId));
      const rows = await db
        .select({
          batchId: scanBatch.id,
          schoolId: scanBatch.schoolId,
          schoolName: school.name,
          source: scanBatch.source,
          uploader: user.name,
          duplicates: scanBatch.duplicateCount,
          state: scanBatch.state,
          voidedAt: scanBatch.voidedAt,
          createdAt: scanBatch.createdAt,
          ...pageCounts(p),
          streaked: sql<number>`(count(*) filter (where ${p.streaks} > 0))::int`,
          thresholded: sql<number>`(count(*) filter (where ${p.thresholded}))::int`,
          foreign: foreignOpen,
        })
        .from(scanBatch)
        .innerJoin(school, eq(school.id, scanBatch.schoolId))
        .leftJoin(user, eq(user.id, scanBatch.uploaderId))
        .leftJoin(p, eq(p.batchId, scanBatch.id))
        .where(and(eq(scanBatch.subjectId, subjectId), inSchools(scanBatch.schoolId, f)))
        .groupBy(scanBatch.id, school.name, user.name)
        .orderBy(desc(scanBatch.id));
      return rows.map((r) => ({
        ...r,
        ...toCounts(r),
        duplicates: n(r.duplicates),
        streaked: n(r.streaked),
        thresholded: n(r.thresholded),
        foreign: n(r.foreign),
      }));
    },

    /** Papers and matched papers per subject (and school). */
    async paperCounts(subjectIds: number[], f: SchoolFilter) {
      if (!subjectIds.length) return [];
      const rows = await db
        .select({
          subjectId: paper.subjectId,
          schoolId: paper.schoolId,
          papers: sql<number>`count(*)::int`,
          matched: sql<number>`(count(*) filter (where ${paper.examineeId} is not null))::int`,
        })
        .from(paper)
        .where(and(inArray(paper.subjectId, subjectIds), livePaper, inSchools(paper.schoolId, f)))
        .groupBy(paper.subjectId, paper.schoolId);
      return rows.map((r) => ({ ...r, papers: n(r.papers), matched: n(r.matched) }));
    },

    /** Page counts per subject. */
    async pageCounts(subjectIds: number[], f: SchoolFilter) {
      if (!subjectIds.length) return [];
      const p = pagesWithFlag(db, inArray(scanPage.subjectId, subjectIds));
      const rows = await db
        .select({ subjectId: p.subjectId, ...pageCounts(p) })
        .from(p)
        .innerJoin(scanBatch, eq(scanBatch.id, p.batchId))
        // a voided batch's pages (作废本批次) are out of the figures
        .where(and(inSchools(scanBatch.schoolId, f), isNull(scanBatch.voidedAt)))
        .groupBy(p.subjectId);
      return rows.map((r) => ({ subjectId: r.subjectId, ...toCounts(r) }));
    },

    /** Open exceptions per subject, school and type. */
    async openExceptions(subjectIds: number[], f: SchoolFilter) {
      if (!subjectIds.length) return [];
      const rows = await db
        .select({
          subjectId: scanException.subjectId,
          schoolId: scanException.schoolId,
          type: scanException.type,
          n: count(),
        })
        .from(scanException)
        .where(
          and(
            inArray(scanException.subjectId, subjectIds),
            eq(scanException.resolved, false),
            inSchools(scanException.schoolId, f),
          ),
        )
        .groupBy(scanException.subjectId, scanException.schoolId, scanException.type);
      return rows.map((r) => ({ ...r, n: n(r.n) }));
    },

    /** Examinees per school of an exam. */
    async examineesPerSchool(examId: number, f: SchoolFilter) {
      const rows = await db
        .select({ schoolId: examinee.schoolId, n: count() })
        .from(examinee)
        .where(and(eq(examinee.examId, examId), inSchools(examinee.schoolId, f)))
        .groupBy(examinee.schoolId);
      return rows.map((r) => ({ schoolId: r.schoolId, n: n(r.n) }));
    },

    /** The exam's schools with their scan-finish confirmation. */
    schools: (examId: number, f: SchoolFilter) =>
      db
        .select({ schoolId: school.id, schoolName: school.name, finishedAt: examSchool.scanFinishedAt })
        .from(examSchool)
        .innerJoin(school, eq(school.id, examSchool.schoolId))
        .where(and(eq(examSchool.examId, examId), inSchools(examSchool.schoolId, f)))
        .orderBy(asc(school.id)),

    async exceptions(
      subjectId: number,
      f: SchoolFilter,
      q: { type?: string; resolved?: boolean; page: number; size: number },
    ) {
      const where = and(
        eq(scanException.subjectId, subjectId),
        inSchools(scanException.schoolId, f),
        q.type ? eq(scanException.type, q.type) : undefined,
        q.resolved !== undefined ? eq(scanException.resolved, q.resolved) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(scanException).where(where);
      const items = await db
        .select({
          id: scanException.id,
          type: scanException.type,
          paperId: scanException.paperId,
          pageId: scanException.pageId,
          batchId: scanException.batchId,
          schoolId: scanException.schoolId,
          kaohao: paper.kaohao,
          region: scanException.region,
          reason: scanException.reason,
          detail: scanException.detail,
          resolved: scanException.resolved,
          createdAt: scanException.createdAt,
        })
        .from(scanException)
        .leftJoin(paper, eq(paper.id, scanException.paperId))
        .where(where)
        .orderBy(asc(scanException.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return {
        total: n(total?.n),
        items: items.map((x) => {
          const type = readExceptionType(x.type, x.id);
          return { ...x, type, detail: readExceptionDetail(type, x.detail, x.id) };
        }),
      };
    },

    /**
     * Examinees of the exam by how they stand in the subject: 未扫 (no live paper, no absence record),
     * 缺考 (an absence record, scanned or not), or both lists together.
     */
    async missed(
      examId: number,
      subjectId: number,
      f: SchoolFilter,
      q: { status: 'missing' | 'absent' | 'all'; page: number; size: number },
    ) {
      const scanned = sql`exists (select 1 from ${paper} where ${paper.subjectId} = ${subjectId} and ${paper.examineeId} = ${examinee.id} and ${paper.deletedAt} is null)`;
      const absent = sql`exists (select 1 from ${absence} where ${absence.examineeId} = ${examinee.id} and ${absence.subjectId} = ${subjectId})`;
      const status = {
        missing: sql`not ${scanned} and not ${absent}`,
        absent,
        all: sql`(not ${scanned} or ${absent})`,
      }[q.status];
      const where = and(eq(examinee.examId, examId), inSchools(examinee.schoolId, f), status);
      const [total] = await db.select({ n: count() }).from(examinee).where(where);
      const items = await db
        .select({
          examineeId: examinee.id,
          kaohao: examinee.kaohao,
          name: student.name,
          className: banji.name,
          schoolId: examinee.schoolId,
          schoolName: school.name,
          kaochang: examinee.kaochang,
          absent: sql<boolean>`${absent}`,
          scanned: sql<boolean>`${scanned}`,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .innerJoin(school, eq(school.id, examinee.schoolId))
        .where(where)
        .orderBy(asc(examinee.kaohao))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return {
        total: n(total?.n),
        items: items.map((r) => ({ ...r, absent: Boolean(r.absent), scanned: Boolean(r.scanned) })),
      };
    },

    async papers(subjectId: number, f: SchoolFilter, q: { status?: string; page: number; size: number }) {
      const where = and(
        eq(paper.subjectId, subjectId),
        livePaper,
        inSchools(paper.schoolId, f),
        q.status ? eq(paper.status, q.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(paper).where(where);
      const rows = await db
        .select({
          id: paper.id,
          batchId: paper.batchId,
          schoolId: paper.schoolId,
          kaohao: paper.kaohao,
          examineeId: paper.examineeId,
          name: student.name,
          status: paper.status,
          objective: paper.objective,
          absentMarked: paper.absentMarked,
        })
        .from(paper)
        .leftJoin(examinee, eq(examinee.id, paper.examineeId))
        .leftJoin(student, eq(student.id, examinee.studentId))
        .where(where)
        .orderBy(asc(paper.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const pages = rows.length
        ? await db
            .select({
              id: scanPage.id,
              paperId: scanPage.paperId,
              position: scanPage.position,
              status: scanPage.status,
              templatePage: scanPage.templatePage,
            })
            .from(scanPage)
            .where(
              and(
                isNotNull(scanPage.paperId),
                inArray(
                  scanPage.paperId,
                  rows.map((r) => r.id),
                ),
              ),
            )
            .orderBy(asc(scanPage.position))
        : [];
      return { total: n(total?.n), rows, pages };
    },

    /** A page with its batch's school (for the image routes). */
    async page(pageId: number) {
      const [row] = await db
        .select({
          id: scanPage.id,
          subjectId: scanPage.subjectId,
          schoolId: scanBatch.schoolId,
          storageKey: scanPage.storageKey,
          // only the crops: the image routes need nothing else of the result
          crops: sql<unknown>`${scanPage.result}->'crops'`,
        })
        .from(scanPage)
        .innerJoin(scanBatch, eq(scanBatch.id, scanPage.batchId))
        .where(eq(scanPage.id, pageId));
      return row ? { ...row, crops: readPageCrops(row.crops, row.id) } : null;
    },
  };
}
export type ScanQueryRepo = ReturnType<typeof scanQueryRepo>;
