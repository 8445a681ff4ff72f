import {
  PaperStatus,
  ScanPageStatus,
  type BlockRegion,
  type CardTemplate,
  type RecognisedPage,
  type ScanPageStatusValue,
} from '@yj/contracts';
import type { PageResult } from '@yj/omr';
import type { PaperScore } from '../../../db/schema';
import type { Db } from '../../../infra/db';
import { pipedTransaction } from '../../../infra/pipeline';
import type { JobPayload, Jobs, JobStatus } from '../../../infra/jobs';
import type { PaperScoreHook } from '../../score-compute/score-compute';
import type { Storage } from '../../../infra/storage';
import {
  OMR_EXCEPTION,
  recognizeStored,
  type Crop,
  type ManualAnchors,
  type PageOutcome,
  type RecognizePool,
} from './scan-recognize';
import { blockCutKey } from '../image/paper-image.service';
import { blankPictures } from './scan-blanks';
import type { scanRepo, NewException, PageRow, PaperRow } from '../scan.repo';
import type { PaperMatchService } from './paper-match.service';
import { foreignPages, type PaperPage } from './paper-pages';
import { sameSheetCheck, type SheetTwice } from './same-sheet';

/** A page that failed this many times for reasons other than its image becomes an image exception. */
const MAX_PAGE_ATTEMPTS = 5;

interface Recognised {
  page: PageRow;
  outcome: PageOutcome;
  /** anchors a person marked on this page (kept across re-recognitions) */
  manual?: ManualAnchors;
}

/** The anchors a person marked on a page (定位异常 fixed by hand), stored beside its result. */
const manualOf = (page: PageRow): ManualAnchors | undefined => {
  return page.result?.manual;
};

const pageStatus = (o: PageOutcome): ScanPageStatusValue => {
  if (!o.ok) return ScanPageStatus.exception;
  if (o.result.status === 'blank') return ScanPageStatus.blank;
  return o.result.status === 'ok' ? ScanPageStatus.recognised : ScanPageStatus.exception;
};

const stored = (r: PageResult & { timings?: unknown }, crops: Crop[]): RecognisedPage => {
  const { timings: _t, ...rest } = r;
  return { ...rest, crops };
};

/** What the paper's pages say together: exam number, objective answers, 打分栏 scores, absent and A/B marks. */
function combine(pages: Recognised[]) {
  const objective: Record<string, string[] | null> = {};
  const scores: Record<string, PaperScore> = {};
  let kaohao: string | null = null;
  let absent = false;
  let paperType: string | null = null;
  for (const { outcome: o } of pages) {
    if (!o.ok) continue;
    const r = o.result;
    kaohao ??= r.examNumber.value;
    for (const q of r.objective) objective[q.question] = q.reading.value;
    for (const x of r.scores) scores[x.name] = { question: x.question, value: x.value };
    if (r.absent?.value?.length) absent = true;
    paperType ??= r.ab?.value?.[0] ?? null;
  }
  return { objective, scores, kaohao, absent, paperType };
}

/** A page as the paper-pages check sees it: the card page it registered as, the exam number read on it. */
const pageOf = (o: PageOutcome): PaperPage => ({
  cardPage: o.ok ? o.result.pageIndex : null,
  kaohao: o.ok ? o.result.examNumber.value : null,
});

/** What the recognition job is given (at the composition root: routes.ts, main/worker.ts). */
export interface ScanJobDeps {
  db: Db;
  storage: Storage;
  pool: RecognizePool;
  repo: typeof scanRepo;
  /** exam-number matching and the absence rule (paper-match.service.ts) */
  match: PaperMatchService;
  scores?: PaperScoreHook;
  /**
   * The framed regions of the subject's blocks (the block module's port): each page's blocks are cut while it
   * is decoded and stored where marking looks for them. Without it nothing is cut here.
   */
  blockRegions?: (subjectId: number) => Promise<BlockRegion[][]>;
}

/** A subject's block regions are read again after this long (a block framed during scanning is picked up). */
const REGIONS_MS = 30_000;

/**
 * scan.recognize: recognises the pages of one paper and finishes it in one transaction (results,
 * exam-number match, exceptions). Idempotent: a finished paper is left as it is.
 */
export function scanJobs(d: ScanJobDeps) {
  const blanksOf = blankPictures(d.storage);
  const sameSheets = sameSheetCheck({ ...d, blanksOf });
  // a batch of 2,000 sheets reads its subject's blocks once every REGIONS_MS, not once a page
  const regions = new Map<number, { at: number; regions: Promise<BlockRegion[][]> }>();
  function regionsOf(subjectId: number): Promise<BlockRegion[][]> {
    if (!d.blockRegions) return Promise.resolve([]);
    const hit = regions.get(subjectId);
    if (hit && Date.now() - hit.at < REGIONS_MS) return hit.regions;
    // a failed read cuts nothing (marking cuts on demand) and is not kept
    const read = d.blockRegions(subjectId).catch(() => {
      regions.delete(subjectId);
      return [];
    });
    if (regions.size > 200) regions.clear();
    regions.set(subjectId, { at: Date.now(), regions: read });
    return read;
  }

  /**
   * The block cuts recognition made, stored under the key marking reads (paper-image.service.ts). Never failing
   * the paper: a cut not stored is made when a marker first asks for it; a job run again stores the same bytes.
   */
  async function storeCuts(paperId: number, done: Recognised[], blocks: BlockRegion[][]): Promise<void> {
    for (const { page, outcome: o } of done) {
      if (!o.ok || !o.cuts || !o.result.registration) continue;
      const used = { storageKey: page.storageKey, matrix: o.result.registration.matrix };
      for (const [i, bytes] of o.cuts.entries()) {
        if (!bytes) continue;
        const key = blockCutKey(
          paperId,
          blocks[i]!,
          blocks[i]!.map(() => used),
        );
        await d.storage
          .put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { derived: true })
          .catch(() => undefined);
      }
    }
  }

  async function recognisePage(
    page: PageRow,
    card: CardTemplate,
    blocks: BlockRegion[][],
  ): Promise<Recognised> {
    const manual = manualOf(page);
    // page.attempts counts this attempt already (attemptPages)
    if (page.attempts > MAX_PAGE_ATTEMPTS)
      return { page, manual, outcome: { ok: false, reason: `多次识别失败：${page.error ?? '未知错误'}` } };
    try {
      const bytes = await d.storage.get(page.storageKey);
      if (!bytes) return { page, manual, outcome: { ok: false, reason: '图像文件丢失，请重新扫描' } };
      const outcome = await recognizeStored(
        d.pool,
        bytes,
        card,
        (i) => `scan/${page.subjectId}/crops/${page.id}/${i}.jpg`,
        manual,
        await blanksOf(page.subjectId, card),
        blocks,
      );
      return { page, manual, outcome };
    } catch (err) {
      await d.repo(d.db).pageError(page.id, (err as Error).message);
      throw err;
    }
  }

  /** `twice`: pages found in a neighbour's paper too (same-sheet.ts), checked with this paper's exam number `kaohao` */
  async function finish(
    p: PaperRow,
    examId: number,
    done: Recognised[],
    { twice, kaohao }: { twice: SheetTwice[]; kaohao: string | null },
  ): Promise<void> {
    // begin travels with the lock and commit with the batch's close: two round trips fewer (infra/pipeline.ts)
    await pipedTransaction(d.db, async ({ tx, first, last }) => {
      const r = d.repo(tx);
      const locked = await r.lockPaperVia(first, p.id);
      if (!locked || locked.status !== PaperStatus.pending || locked.deletedAt) return;
      const base = { subjectId: p.subjectId, schoolId: p.schoolId, batchId: p.batchId, paperId: p.id };
      const exceptions: NewException[] = [];
      let kaohaoFlagged = false;
      // another student's pages cut into this paper (one-sided scan, two sheets fed together): raised, not read
      const foreign = foreignPages(done.map(({ outcome: o }) => pageOf(o)));
      for (const f of foreign)
        exceptions.push({
          ...base,
          pageId: done[f.at]!.page.id,
          type: 'wrongPage',
          region: 'page',
          reason: f.reason,
          detail: { foreign: f.kind },
        });
      // one sheet scanned into this paper and into a neighbour's (two sheets fed together): raised in both
      for (const t of twice)
        exceptions.push({
          ...base,
          pageId: t.pageId,
          type: 'wrongPage',
          region: 'page',
          reason:
            `第 ${t.at + 1} 张图与考号 ${t.other.kaohao} 答卷的第 ${t.other.at + 1} 张图笔迹相同，是同一张纸扫描了两次：` +
            '可能两张纸叠在一起进纸，那份答卷混入了这张纸；请核对纸质答卷，把混入的那份删除并重扫',
          detail: { foreign: 'again', otherPaperId: t.other.paperId },
        });
      for (const { page, outcome: o } of done) {
        const at = { ...base, pageId: page.id };
        if (!o.ok) {
          exceptions.push({ ...at, type: 'image', reason: o.reason, detail: {} });
        } else {
          for (const e of o.result.exceptions) {
            const type = OMR_EXCEPTION[e.type];
            if (type === 'kaohao') kaohaoFlagged = true;
            exceptions.push({
              ...at,
              type,
              region: e.region,
              reason: e.reason,
              detail: {
                ...(e.fills ? { fills: e.fills } : {}),
                ...(e.doubted ? { doubted: e.doubted } : {}),
              },
            });
          }
        }
      }
      await r.recognisedPages(
        done.map(({ page, outcome: o, manual }) => ({
          id: page.id,
          status: pageStatus(o),
          templatePage: o.ok ? o.result.pageIndex : null,
          result: {
            ...(o.ok ? stored(o.result, o.crops) : { reason: o.reason }),
            ...(manual ? { manual } : {}),
          },
          error: o.ok ? null : o.reason,
        })),
      );
      const c = combine(done.filter((_, i) => !foreign.some((f) => f.at === i)));
      // a paper none of whose pages registered (blank, another card, unreadable) already says why
      const readable = done.some((x) => x.outcome.ok && x.outcome.result.registration !== null);
      const matched = await d.match.match(tx, {
        paper: p,
        examId,
        given: locked.examineeId,
        kaohao: c.kaohao,
        absent: c.absent,
        at: { ...base, pageId: done[0]?.page.id ?? null },
        // a paper of two students' pages is no one's until a person has looked
        ask: !kaohaoFlagged && readable && !foreign.length,
      });
      const examineeId = matched.examineeId;
      exceptions.push(...matched.exceptions);
      await r.insertExceptions(exceptions);
      await raiseInOthers(r, p, kaohao ?? '', twice);
      const lastOfBatch = await r.finishPaper(p.id, {
        examineeId,
        // a paper a person gave to an examinee keeps that examinee's number
        kaohao: locked.examineeId ? (locked.kaohao ?? c.kaohao) : c.kaohao,
        objective: c.objective,
        scores: c.scores,
        absentMarked: c.absent,
        paperType: c.paperType,
        status: exceptions.length ? PaperStatus.exception : PaperStatus.ok,
        recognisedAt: new Date(),
      });
      // the examinee's objective scores and totals follow the sheet in the same transaction
      await d.scores?.(tx, p.id, locked.examineeId);
      // the last of its batch: a sheet standing alone among another room's may carry a mistaken number
      if (lastOfBatch) await d.match.checkBatch(tx, p);
      await r.closeBatchIfLast(last, p.batchId, lastOfBatch);
    });
  }

  /**
   * The other paper's side of one sheet scanned twice: its page raised (once, however often this paper is
   * recognised again) and the paper out of 正常 until a person has looked.
   */
  async function raiseInOthers(
    r: ReturnType<typeof scanRepo>,
    p: PaperRow,
    kaohao: string,
    twice: SheetTwice[],
  ): Promise<void> {
    const raised: NewException[] = [];
    for (const { at, other: o } of twice) {
      if (await r.twiceRaised({ paperId: o.paperId, pageId: o.pageId }, p.id)) continue;
      raised.push({
        subjectId: p.subjectId,
        schoolId: p.schoolId,
        batchId: o.batchId,
        paperId: o.paperId,
        pageId: o.pageId,
        type: 'wrongPage',
        region: 'page',
        reason:
          `第 ${o.at + 1} 张图与后来扫描的考号 ${kaohao} 答卷的第 ${at + 1} 张图笔迹相同，是同一张纸扫描了两次：` +
          `可能这两名考生的纸叠在一起进纸，本答卷的这一页是考号 ${kaohao} 的；请核对纸质答卷，删除并重扫本答卷`,
        detail: { foreign: 'again', otherPaperId: p.id },
      });
    }
    await r.insertExceptions(raised);
    await r.markException(raised.map((x) => x.paperId!));
  }

  // Template bodies by id and version: a batch of 2,000 pages reads its template once, not once a paper;
  // an edited template (re-recognition after a fix) has a new updatedAt and is read again.
  const templates = new Map<number, { version: number; body: Promise<CardTemplate | null> }>();
  function templateOf(id: number, updatedAt: Date): Promise<CardTemplate | null> {
    const version = updatedAt.getTime();
    const hit = templates.get(id);
    if (hit?.version === version) return hit.body;
    const body = d.repo(d.db).templateBody(id);
    if (templates.size > 50) templates.clear();
    templates.set(id, { version, body });
    // a failed read is not kept: the job's retry reads again
    body.catch(() => templates.get(id)?.body === body && templates.delete(id));
    return body;
  }

  return {
    async handleScanRecognize({ paperId }: JobPayload<'scan.recognize'>): Promise<JobStatus> {
      const repo = d.repo(d.db);
      const ctx = await repo.jobContext(paperId);
      if (!ctx) return 'skipped';
      const { paper: p, examId } = ctx;
      if (p.status !== PaperStatus.pending || p.deletedAt) return 'skipped';
      const card = ctx.templateId ? await templateOf(ctx.templateId, ctx.templateVersion) : null;
      if (!card) throw new Error(`paper ${paperId}: template ${ctx.templateId} missing`);
      // The pages of a paper go to the pool together: a two-page card keeps two threads busy.
      const blocks = await regionsOf(p.subjectId);
      const done = await Promise.all(
        (await repo.attemptPages(p.id)).map((page) => recognisePage(page, card, blocks)),
      );
      // stored before the paper counts as recognised: whoever sees it recognised finds its cuts too
      await storeCuts(p.id, done, blocks);
      // a late sheet compared with the sheets either side of it in exam-number order (same-sheet.ts)
      const kaohao = (p.examineeId && p.kaohao) || combine(done).kaohao;
      const twice = await sameSheets(
        p,
        kaohao,
        done.map(({ page, outcome: o, manual }) => ({
          pageId: page.id,
          cardPage: o.ok && o.result.registration ? o.result.pageIndex : null,
          storageKey: page.storageKey,
          ...(manual ? { manual } : {}),
        })),
        card,
      );
      await finish(p, examId, done, { twice, kaohao });
      return 'done';
    },
  };
}
export type ScanJobs = ReturnType<typeof scanJobs>;

/** Registers the scan job handlers on a queue (API process or `npm run worker`). */
export function registerScanJobs(queue: Jobs, d: ScanJobDeps): ScanJobs {
  const jobs = scanJobs(d);
  queue.register('scan.recognize', jobs.handleScanRecognize);
  return jobs;
}
