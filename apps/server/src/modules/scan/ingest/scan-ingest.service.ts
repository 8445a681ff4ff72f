import {
  ScanSource,
  type CardTemplate,
  type Principal,
  type ScanSourceValue,
  type ScanUploadResult,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { Jobs } from '../../../infra/jobs';
import type { Storage } from '../../../infra/storage';
import type { Actor } from '../../../lib/actor';
import type { AuditService } from '../../audit/audit.service';
import type { ExamService } from '../../exam/exam.service';
import { assertAllows } from '../../../lib/subject-state';
import type { TemplateService } from '../../template/template.service';
import { assertSchool, scanSchools } from '../scan-access';
import type { scanFinishRepo } from '../finish/scan-finish.repo';
import { readFile } from 'node:fs/promises';
import { expandFiles, stem, type InputFile, type PageImage } from '../../upload/scan-input';
import { matchOrigin, originPages } from './scan-origin';
import { rendererFor, type PagePool } from '../../upload/scan-pages';
import type { scanRepo, NewPage } from '../scan.repo';

export interface UploadInput {
  subjectId: number;
  /** the school scanned for; the exam's own school when absent */
  schoolId?: number;
  source: ScanSourceValue;
  files: InputFile[];
  /** uploadorigin: the number of selected students the files must match (spec §5) */
  students?: number;
  /** uploadorigin: the selected students; each file is named by one's 考号 and goes to them */
  examineeIds?: number[];
  /** a chunk of a large selection: continues this batch (same user, subject, school and source) */
  batchId?: number;
  /**
   * Phone photos (课堂小测 scanned with a phone, issue 33): each file is straightened to the card's page
   * before it is stored, so the page goes through the same recognition as a scanned one.
   */
  photo?: boolean;
  /** aborts when the request is abandoned: its rendering stops there */
  signal?: AbortSignal;
}

/** Where a page image lives: content-addressed, so the same content is stored once per subject. */
export const pageKey = (subjectId: number, p: Pick<PageImage, 'sha256' | 'ext'>): string =>
  `scan/${subjectId}/${p.sha256.slice(0, 2)}/${p.sha256}.${p.ext}`;

/**
 * Ingest (DESIGN.md §4): files → pages stored and recorded in one transaction before the upload is
 * acknowledged, grouped into papers by the template's page count, one recognition job per paper.
 */
/** What ingest needs of the rest of the server (the scan module is given these and passes them on). */
export interface IngestPorts {
  db: Db;
  storage: Storage;
  queue: Jobs;
  audit: AuditService;
  exams: ExamService;
  templates: TemplateService;
  pages: PagePool;
}

export function scanService(d: IngestPorts & { repo: typeof scanRepo; finishRepo: typeof scanFinishRepo }) {
  async function target(subjectId: number, schoolId: number | undefined, p: Principal) {
    const s = await d.exams.subjectRow(subjectId);
    assertAllows(s.status, 'scan');
    const e = await d.exams.requireExam(s.examId);
    const school = schoolId ?? e.schoolId;
    if (!school) throw fail('scanSchoolRequired');
    if (!(await d.exams.schoolIds(e.id)).includes(school)) throw fail('schoolNotInTheExam');
    assertSchool(scanSchools(p, e, subjectId), school);
    const tpl = await d.templates.forScanning(subjectId);
    if (!tpl || tpl.body.pages.length === 0) throw fail('templateNotMadeOnline');
    return { subject: s, examId: e.id, schoolId: school, template: tpl };
  }

  function checkNames(input: UploadInput): void {
    if (!input.files.length) throw fail('scanFilesRequired');
    if (input.source === ScanSource.origin && input.files.some((f) => !/^\d+$/.test(stem(f.name))))
      throw fail('imageNameNotNumeric');
    const students = input.examineeIds?.length ?? input.students;
    if (students !== undefined && input.files.length !== students)
      throw fail('fileCountMismatch', { files: input.files.length, students });
  }

  /** The batch a chunk continues, checked against this upload. */
  async function continued(input: UploadInput, schoolId: number, actor: Actor) {
    if (input.batchId === undefined) return null;
    const b = await d.repo(d.db).batch(input.batchId);
    if (!b || b.subjectId !== input.subjectId) throw fail('batchNotFound');
    if (b.uploaderId !== actor.userId || b.schoolId !== schoolId || b.source !== input.source)
      throw fail('batchNotOwned');
    // 作废本批次 while its pages were still coming: the rest is a new pile (the agent starts a new batch)
    if (b.voidedAt) throw fail('batchVoided');
    return b;
  }

  /** uploadorigin with selected students: the examinee of each file (before anything is stored). */
  async function originOwners(input: UploadInput, examId: number, schoolId: number) {
    if (input.source !== ScanSource.origin || !input.examineeIds) return null;
    const chosen = await d.finishRepo(d.db).lockExaminees(examId, input.subjectId, input.examineeIds);
    if (chosen.length !== new Set(input.examineeIds).size) throw fail('selectedExamineeNotFound');
    return matchOrigin(input.files, chosen, schoolId);
  }

  // A photo's bytes straightened on a page thread (the same photo gives the same page: a retried upload is a
  // duplicate); one past its time is kept as it came, for recognition to raise with its picture.
  async function straightened(
    files: InputFile[],
    card: CardTemplate,
    renderer: ReturnType<typeof rendererFor>,
  ): Promise<InputFile[]> {
    const out: InputFile[] = [];
    for (const f of files) {
      const bytes = 'data' in f ? f.data : await readFile(f.path);
      out.push({ name: f.name, data: (await renderer.straighten(bytes, card)) ?? bytes });
    }
    return out;
  }

  return {
    async upload(input: UploadInput, p: Principal, actor: Actor): Promise<ScanUploadResult> {
      const t = await target(input.subjectId, input.schoolId, p);
      checkNames(input);
      const perPaper = t.template.body.pages.length;
      const owners = await originOwners(input, t.examId, t.schoolId);
      // the uploader's pages take turns with everyone else's on the page threads
      const renderer = rendererFor(d.pages, { user: actor.userId, signal: input.signal });
      const files = input.photo ? await straightened(input.files, t.template.body, renderer) : input.files;
      const pages = owners
        ? await originPages(renderer, files, perPaper)
        : await expandFiles(renderer, files);
      const repo = d.repo(d.db);
      const prior = await continued(input, t.schoolId, actor);
      const batchNo = prior ? await repo.batchOrdinal(prior) : (await repo.batchCount(input.subjectId)) + 1;
      if (pages.length % perPaper !== 0)
        throw fail('pageCountNotMultiple', { batch: batchNo, pages: pages.length, perPaper });

      // Same content in this upload or already stored: recognised once, reported as duplicate.
      const known = await repo.knownHashes(input.subjectId, [...new Set(pages.map((x) => x.sha256))]);
      const seen = new Set<string>();
      const fresh = pages.map((x) => {
        const isNew = !known.has(x.sha256) && !seen.has(x.sha256);
        seen.add(x.sha256);
        return isNew;
      });
      // Stored before the records: a crash in between leaves an unreferenced file, never a record without its image.
      // Eight writes at a time: each waits for its disk sync, so one after another would add up.
      const toStore = pages.filter((_, i) => fresh[i]);
      for (let i = 0; i < toStore.length; i += 8)
        await Promise.all(
          toStore.slice(i, i + 8).map((x) => d.storage.put(pageKey(input.subjectId, x), x.data)),
        );

      const out = await d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        if (await d.finishRepo(tx).lockFinish(input.subjectId, t.schoolId)) throw fail('scanFinishedLocked');
        // a chunk goes on after the pages already in its batch (page count: always whole papers)
        const open = prior ? await r.lockBatch(prior.id) : null;
        // voided between the first look and this lock: the chunk's pages stay out of it
        if (open?.voidedAt) throw fail('batchVoided');
        const offset = open?.pageCount ?? 0;
        const batch =
          open ??
          (await r.insertBatch({
            subjectId: input.subjectId,
            schoolId: t.schoolId,
            uploaderId: actor.userId,
            templateId: t.template.id,
            source: input.source,
            fileCount: 0,
            pageCount: 0,
          }));
        const slotOf = (i: number) => Math.floor(i / perPaper);
        const slots = [...new Set(pages.map((_, i) => slotOf(i)).filter((_, i) => fresh[i]))];
        const papers = await r.insertPapers(
          slots.map((slot) => ({
            subjectId: input.subjectId,
            schoolId: t.schoolId,
            batchId: batch.id,
            seq: offset / perPaper + slot,
            // uploadorigin: the file's name said whose sheet it is
            ...(owners ? { examineeId: owners[slot]!.id, kaohao: owners[slot]!.kaohao } : {}),
          })),
        );
        const paperOf = new Map(papers.map((x) => [x.seq - offset / perPaper, x.id]));
        const rows: NewPage[] = [];
        pages.forEach((x, i) => {
          if (!fresh[i]) return;
          rows.push({
            subjectId: input.subjectId,
            batchId: batch.id,
            paperId: paperOf.get(Math.floor(i / perPaper)) ?? null,
            position: i % perPaper,
            seq: offset + i,
            storageKey: pageKey(input.subjectId, x),
            sha256: x.sha256,
            fileName: x.fileName.slice(0, 300),
            pageInFile: x.pageInFile,
          });
        });
        const inserted = await r.insertPages(rows);
        // A concurrent upload of the same content won the race for some pages: papers left empty go.
        const live = new Set(inserted.map((x) => x.paperId));
        const empty = papers.filter((x) => !live.has(x.id)).map((x) => x.id);
        await r.dropPapers(empty);
        const duplicates = pages.length - inserted.length;
        await r.updateBatch(batch.id, {
          fileCount: batch.fileCount + input.files.length,
          pageCount: offset + pages.length,
          duplicateCount: batch.duplicateCount + duplicates,
          ...(inserted.length > 0 ? { state: 'recognising' } : open ? {} : { state: 'done' }),
        });
        await d.audit.record(tx, {
          action: 'scan.upload',
          examId: t.examId,
          userId: actor.userId,
          ip: actor.ip,
          target: `scan_batch:${batch.id}`,
          detail: {
            subjectId: input.subjectId,
            schoolId: t.schoolId,
            pages: pages.length,
            duplicates,
            ...(open ? { continued: true } : {}),
          },
        });
        return {
          batchId: batch.id,
          files: input.files.length,
          pages: pages.length,
          accepted: inserted.length,
          duplicates,
          paperIds: papers.filter((x) => live.has(x.id)).map((x) => x.id),
        };
      });
      for (const paperId of out.paperIds) await this.enqueue(paperId);
      const { paperIds, ...result } = out;
      return { ...result, papers: paperIds.length };
    },

    /** Queues a paper's recognition; a re-recognition passes a fresh job id (one job runs per id). */
    enqueue: (paperId: number, jobId = `paper-${paperId}`): Promise<void> =>
      d.queue.enqueue('scan.recognize', { paperId }, { jobId }),

    /** Re-queues papers whose recognition never finished (after a crash or restart); jobs are idempotent. */
    async resume(): Promise<number> {
      const pending = await d.repo(d.db).pendingPapers(100_000);
      for (const x of pending) await this.enqueue(x.id);
      return pending.length;
    },
  };
}
export type ScanService = ReturnType<typeof scanService>;
