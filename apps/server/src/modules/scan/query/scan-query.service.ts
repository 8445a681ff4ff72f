import {
  SCAN_EXCEPTION_LABELS,
  type MissedExamPage,
  type Paged,
  type Principal,
  type ScanExceptionCounts,
  type ScanExceptionItem,
  type ScanExceptionProgress,
  type ScanExceptionTypeValue,
  type ScanPageStatusValue,
  type ScanPaperItem,
  type ScanSourceValue,
  type SchoolScanProgress,
  type PaperStatusValue,
  type SubjectScanProgress,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { Storage } from '../../../infra/storage';
import type { ExamService } from '../../exam/exam.service';
import { assertSchool, narrow, scanSchools, subjectScanAccess, type SchoolFilter } from '../scan-access';
import type { scanFinishRepo } from '../finish/scan-finish.repo';
import type { scanQueryRepo } from './scan-query.repo';
import type { PaperImageService } from '../image/paper-image.service';

const sum = <T>(xs: T[], f: (x: T) => number): number => xs.reduce((s, x) => s + f(x), 0);

/** Progress, exception counts and lists, missing examinees and page images, narrowed to the user's schools. */
export function scanQueryService(d: {
  db: Db;
  storage: Storage;
  exams: ExamService;
  images: PaperImageService;
  repo: typeof scanQueryRepo;
  finishRepo: typeof scanFinishRepo;
}) {
  const repo = () => d.repo(d.db);

  async function subjectFilter(subjectId: number, p: Principal, schoolId?: number) {
    const { examId, filter } = await subjectScanAccess(d.exams, subjectId, p, false);
    return { examId, filter: narrow(filter, schoolId) };
  }

  async function examFilter(examId: number, p: Principal, schoolId?: number): Promise<SchoolFilter> {
    return narrow(scanSchools(p, await d.exams.requireExam(examId)), schoolId);
  }

  return {
    async subjectProgress(
      subjectId: number,
      p: Principal,
      schoolId?: number,
    ): Promise<ScanExceptionProgress> {
      const { filter } = await subjectFilter(subjectId, p, schoolId);
      const batches = await repo().batches(subjectId, filter);
      const papers = await repo().paperCounts([subjectId], filter);
      // a voided batch (作废本批次) stays listed, its pages out of the subject's figures
      const counted = batches.filter((b) => !b.voidedAt);
      return {
        subjectId,
        total: {
          pages: sum(counted, (b) => b.pages),
          queued: sum(counted, (b) => b.queued),
          recognised: sum(counted, (b) => b.recognised),
          exception: sum(counted, (b) => b.exception),
          blank: sum(counted, (b) => b.blank),
          papers: sum(papers, (x) => x.papers),
          matched: sum(papers, (x) => x.matched),
        },
        batches: batches.map((b) => ({
          ...b,
          source: b.source as ScanSourceValue,
          voidedAt: b.voidedAt?.toISOString() ?? null,
          createdAt: b.createdAt.toISOString(),
        })),
      };
    },

    async examProgress(examId: number, p: Principal, schoolId?: number): Promise<SubjectScanProgress[]> {
      const filter = await examFilter(examId, p, schoolId);
      const subjects = await d.exams.subjects(examId);
      const ids = subjects.map((s) => s.id);
      const [examinees, papers, pages, exceptions, accounting, schools, finishes] = await Promise.all([
        repo().examineesPerSchool(examId, filter),
        repo().paperCounts(ids, filter),
        repo().pageCounts(ids, filter),
        repo().openExceptions(ids, filter),
        d.finishRepo(d.db).accounting(examId, ids, filter),
        repo().schools(examId, filter),
        d.finishRepo(d.db).finishes(ids, filter),
      ]);
      const total = sum(examinees, (x) => x.n);
      return subjects.map((s) => {
        const ps = papers.filter((x) => x.subjectId === s.id);
        const pg = pages.find((x) => x.subjectId === s.id);
        const ac = accounting.filter((x) => x.subjectId === s.id);
        const matched = sum(ps, (x) => x.matched);
        return {
          subjectId: s.id,
          name: s.name,
          examinees: total,
          papers: sum(ps, (x) => x.papers),
          matched,
          present: sum(ac, (x) => x.present),
          absent: sum(ac, (x) => x.absent),
          missing: sum(ac, (x) => x.missing),
          schools: schools.length,
          finishedSchools: finishes.filter((x) => x.subjectId === s.id).length,
          exceptions: sum(
            exceptions.filter((x) => x.subjectId === s.id),
            (x) => x.n,
          ),
          pages: pg?.pages ?? 0,
          queued: pg?.queued ?? 0,
          recognised: pg?.recognised ?? 0,
          exception: pg?.exception ?? 0,
          blank: pg?.blank ?? 0,
        };
      });
    },

    async schoolProgress(examId: number, p: Principal, subjectId?: number): Promise<SchoolScanProgress[]> {
      const filter = await examFilter(examId, p);
      const ids = subjectId ? [subjectId] : (await d.exams.subjects(examId)).map((s) => s.id);
      if (subjectId && !ids.length) throw fail('subjectNotFound');
      const [schools, examinees, exceptions, accounting, finishes] = await Promise.all([
        repo().schools(examId, filter),
        repo().examineesPerSchool(examId, filter),
        repo().openExceptions(ids, filter),
        d.finishRepo(d.db).accounting(examId, ids, filter),
        d.finishRepo(d.db).finishes(ids, filter),
      ]);
      return schools.map((s) => {
        const count = examinees.find((x) => x.schoolId === s.schoolId)?.n ?? 0;
        const ac = accounting.filter((x) => x.schoolId === s.schoolId);
        // Over several subjects the counts are answer sheets (examinee × subject), summed, never averaged:
        // an average rounded down per column stops adding up to the whole.
        return {
          schoolId: s.schoolId,
          schoolName: s.schoolName,
          examinees: count,
          sheets: sum(ac, (x) => x.examinees),
          scanned: sum(ac, (x) => x.present),
          absent: sum(ac, (x) => x.absent),
          missing: sum(ac, (x) => x.missing),
          exceptions: sum(
            exceptions.filter((x) => x.schoolId === s.schoolId),
            (x) => x.n,
          ),
          // 扫描完成 is per subject: the school is finished when every subject asked for is
          scanFinished:
            finishes.filter((x) => x.schoolId === s.schoolId).length === ids.length && ids.length > 0,
        };
      });
    },

    async exceptionCounts(subjectId: number, p: Principal, schoolId?: number): Promise<ScanExceptionCounts> {
      const { filter } = await subjectFilter(subjectId, p, schoolId);
      const rows = await repo().openExceptions([subjectId], filter);
      const of = (...types: ScanExceptionTypeValue[]) =>
        sum(
          rows.filter((r) => types.includes(r.type as ScanExceptionTypeValue)),
          (r) => r.n,
        );
      const c = {
        locationExp: of('location'),
        kaohaoExp: of('kaohao'),
        kaohaoRepeat: of('kaohaoRepeat'),
        objExp: of('objective'),
        subExp: of('subjective', 'image'),
        abExp: of('ab'),
        optionalExp: of('optional'),
        absentExp: of('absent'),
        otherExp: of('blank', 'wrongPage'),
      };
      return {
        ...c,
        riskItems: {
          local: c.locationExp,
          examNo: c.kaohaoExp + c.kaohaoRepeat,
          objective: c.objExp,
          subjective: c.subExp,
          abPaper: c.abExp,
          absent: c.absentExp,
        },
        anchorExceptionCount: c.locationExp,
        examNoExceptionCount: c.kaohaoExp,
        duplicateExamNoExceptionCount: c.kaohaoRepeat,
      };
    },

    async exceptions(
      subjectId: number,
      p: Principal,
      q: {
        type?: ScanExceptionTypeValue;
        schoolId?: number;
        resolved?: 'true' | 'false';
        page: number;
        size: number;
      },
    ): Promise<Paged<ScanExceptionItem>> {
      const { filter } = await subjectFilter(subjectId, p, q.schoolId);
      const resolved = q.resolved === undefined ? undefined : q.resolved === 'true';
      const r = await repo().exceptions(subjectId, filter, { ...q, resolved });
      return {
        total: r.total,
        size: q.size,
        items: r.items.map((x) => ({
          ...x,
          label: SCAN_EXCEPTION_LABELS[x.type],
          createdAt: x.createdAt.toISOString(),
        })),
      };
    },

    async missed(
      subjectId: number,
      p: Principal,
      q: { schoolId?: number; status: 'missing' | 'absent' | 'all'; page: number; size: number },
    ): Promise<MissedExamPage> {
      const { examId, filter } = await subjectFilter(subjectId, p, q.schoolId);
      const [r, accounting] = await Promise.all([
        repo().missed(examId, subjectId, filter, q),
        d.finishRepo(d.db).accounting(examId, [subjectId], filter),
      ]);
      const summary = {
        examinees: sum(accounting, (x) => x.examinees),
        present: sum(accounting, (x) => x.present),
        absent: sum(accounting, (x) => x.absent),
        missing: sum(accounting, (x) => x.missing),
      };
      return { total: r.total, size: q.size, items: r.items, summary };
    },

    async papers(
      subjectId: number,
      p: Principal,
      q: { schoolId?: number; status?: PaperStatusValue; page: number; size: number },
    ): Promise<Paged<ScanPaperItem>> {
      const { filter } = await subjectFilter(subjectId, p, q.schoolId);
      const r = await repo().papers(subjectId, filter, q);
      return {
        total: r.total,
        size: q.size,
        items: r.rows.map((x) => ({
          ...x,
          status: x.status as PaperStatusValue,
          pages: r.pages
            .filter((pg) => pg.paperId === x.id)
            .map(({ paperId: _p, ...pg }) => ({ ...pg, status: pg.status as ScanPageStatusValue })),
        })),
      };
    },

    /** The stored image of a page, or one of its subjective crops; other schools' pages are refused. */
    async image(pageId: number, p: Principal, crop?: number): Promise<{ body: Buffer; type: string }> {
      const page = await repo().page(pageId);
      if (!page) throw fail('paperImageNotFound');
      const s = await d.exams.subjectRow(page.subjectId);
      assertSchool(scanSchools(p, await d.exams.requireExam(s.examId), page.subjectId), page.schoolId);
      if (crop !== undefined) {
        const c = page.crops[crop];
        if (!c) throw fail('cropNotFound');
        const body = await d.images.crop(c.key, page.storageKey, c.bbox);
        if (!body) throw fail('paperImageFileLost');
        return { body, type: 'image/jpeg' };
      }
      const key = page.storageKey;
      const body = await d.storage.get(key);
      if (!body) throw fail('paperImageFileLost');
      return { body, type: contentType(key) };
    },

    /** The subject of a page (scope of the image routes). */
    pageSubject: async (pageId: number): Promise<number> => {
      const page = await repo().page(pageId);
      if (!page) throw fail('paperImageNotFound');
      return page.subjectId;
    },
  };
}
export type ScanQueryService = ReturnType<typeof scanQueryService>;

function contentType(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.tif')) return 'image/tiff';
  if (key.endsWith('.pdf')) return 'application/pdf';
  return 'image/jpeg';
}
