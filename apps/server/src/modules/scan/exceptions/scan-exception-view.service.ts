import {
  SCAN_EXCEPTION_LABELS,
  type PaperStatusValue,
  type Principal,
  type ScanExceptionDetail,
  type ScanExceptionItem,
  type ScanPageStatusValue,
  type ScanPageView,
  type ScanPaperView,
  type StudentPaperView,
  type FixedFailureKind,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { ExamService } from '../../exam/exam.service';
import { assertSchool, narrow, subjectScanAccess } from '../scan-access';
import type { scanFixRepo } from './scan-fix.repo';
import { anchorNames, highlight, regionOptions } from './scan-regions';
import { scoreRule, type ScoredQuestion } from './scan-score';
import { detailOf, matrixOf, readingOf, recognised, stripOf } from './stored-reading';

/** spec §5 summary kinds → exception types */
const SUMMARY: Record<'anchor' | 'examNo' | 'duplicateExamNo', { types: string[]; none: FixedFailureKind }> =
  {
    anchor: { types: ['location'], none: 'noAnchorExceptions' },
    examNo: { types: ['kaohao'], none: 'noKaohaoExceptions' },
    duplicateExamNo: { types: ['kaohaoRepeat'], none: 'noDuplicateKaohaoExceptions' },
  };

/** The exception screens' reads: one exception with its paper(s) and choices, the summary gate, a student's paper. */
export function scanExceptionViewService(d: {
  db: Db;
  exams: ExamService;
  repo: typeof scanFixRepo;
  /** the subject's subjective questions with full score and step (the question module's) */
  subjectiveQuestions: (subjectId: number) => Promise<ScoredQuestion[]>;
}) {
  const access = (subjectId: number, p: Principal, write: boolean) =>
    subjectScanAccess(d.exams, subjectId, p, write);

  async function pageViews(r: ReturnType<typeof scanFixRepo>, paperId: number): Promise<ScanPageView[]> {
    return (await r.pagesOf(paperId)).map((pg) => ({
      id: pg.id,
      position: pg.position,
      templatePage: pg.templatePage,
      status: pg.status as ScanPageStatusValue,
      fileName: pg.fileName,
      matrix: matrixOf(pg) ? [...matrixOf(pg)!] : null,
      crops: (recognised(pg.result)?.crops ?? []).map((c, index) => ({
        index,
        name: c.name,
        question: c.question,
      })),
    }));
  }

  async function paperView(
    r: ReturnType<typeof scanFixRepo>,
    id: number | null,
  ): Promise<ScanPaperView | null> {
    if (id === null) return null;
    const p = await r.paperView(id);
    if (!p) return null;
    const { subjectId: _s, ...rest } = p;
    return { ...rest, status: p.status as PaperStatusValue, pages: await pageViews(r, id) };
  }

  return {
    /** scan exception detail: the exception, its paper(s), the highlighted region and the choices. */
    async detail(subjectId: number, exceptionId: number, p: Principal): Promise<ScanExceptionDetail> {
      const { filter } = await access(subjectId, p, false);
      const r = d.repo(d.db);
      const e = await r.exception(exceptionId);
      if (!e || e.subjectId !== subjectId) throw fail('exceptionNotFound');
      assertSchool(filter, e.schoolId);
      const paper = await paperView(r, e.paperId);
      // the paper holding the other scan: of the same examinee (考号重复), or of the same sheet (one sheet twice)
      const otherId =
        e.type === 'kaohaoRepeat'
          ? detailOf(e, 'kaohaoRepeat').otherPaperId
          : e.type === 'wrongPage'
            ? (detailOf(e, 'wrongPage').otherPaperId ?? null)
            : null;
      const other = otherId ? await paperView(r, otherId) : null;
      const page = e.pageId ? await r.page(e.pageId) : null;
      const batch = page ? await r.batch(page.batchId) : null;
      const card = batch?.templateId ? await r.templateBody(batch.templateId) : null;
      const tplIndex = page?.templatePage ?? page?.position ?? 0;
      const tpl = card?.pages.find((x) => x.index === tplIndex) ?? null;
      const matrix = page ? matrixOf(page) : null;
      const region =
        e.type === 'kaohaoRepeat' || e.type === 'kaohao' ? (tpl?.examNumber?.name ?? e.region) : e.region;
      const reading = readingOf(page?.result ?? null, e.region);
      const strip = e.type === 'subjective' ? stripOf(page?.result ?? null, e.region) : null;
      const kept = e.detail;
      const fills = reading?.fills ?? ('fills' in kept && Array.isArray(kept.fills) ? kept.fills : null);
      const box = tpl && matrix && page ? highlight(tpl, matrix, region, fills) : null;
      const score = strip
        ? scoreRule(
            strip.question,
            await d.subjectiveQuestions(subjectId),
            strip.fields.map((f) => f.labels),
            strip.value,
          )
        : null;
      const item: ScanExceptionItem = {
        id: e.id,
        type: e.type,
        label: SCAN_EXCEPTION_LABELS[e.type],
        paperId: e.paperId,
        pageId: e.pageId,
        batchId: e.batchId,
        schoolId: e.schoolId,
        kaohao: paper?.kaohao ?? null,
        region: e.region,
        reason: e.reason,
        detail: e.detail,
        resolved: e.resolved,
        createdAt: e.createdAt.toISOString(),
      };
      return {
        exception: item,
        paper,
        other,
        highlight: box && page ? { pageId: page.id, ...box } : null,
        options: tpl && !strip ? (reading?.labels ?? regionOptions(tpl, e.region)) : [],
        anchors: tpl && e.type === 'location' ? anchorNames(tpl) : [],
        score,
      };
    },

    /** spec §5: reading exception papers answers an error unless the summary count is above 0. */
    async exceptionPapers(
      subjectId: number,
      q: { kind: 'anchor' | 'examNo' | 'duplicateExamNo'; schoolId?: number },
      p: Principal,
    ): Promise<{ count: number; types: string[] }> {
      const { filter } = await access(subjectId, p, false);
      const s = SUMMARY[q.kind];
      const count = await d.repo(d.db).openCount(subjectId, s.types, narrow(filter, q.schoolId));
      if (count <= 0) throw fail(s.none);
      return { count, types: s.types };
    },

    /** view/student/paper: an examinee's paper of the subject, with pages and crops. */
    async studentPaper(subjectId: number, examineeId: number, p: Principal): Promise<StudentPaperView> {
      const { examId, filter } = await access(subjectId, p, false);
      const r = d.repo(d.db);
      const who = await r.examineeView(examId, examineeId);
      if (!who) throw fail('examineeNotFound');
      assertSchool(filter, who.schoolId);
      const paperId = await r.livePaperOf(subjectId, examineeId, 0);
      const { schoolId: _s, ...examinee } = who;
      return { examinee, paper: await paperView(r, paperId) };
    },
  };
}
export type ScanExceptionViewService = ReturnType<typeof scanExceptionViewService>;
