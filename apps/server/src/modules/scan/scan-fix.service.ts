import {
  PaperStatus,
  SCAN_EXCEPTION_LABELS,
  ScanPageStatus,
  type PaperStatusValue,
  type Principal,
  type ScanExceptionDetail,
  type ScanExceptionItem,
  type ScanExceptionTypeValue,
  type ScanFixResult,
  type ScanPageStatusValue,
  type ScanPageView,
  type ScanPaperView,
  type RecognisedPage,
  type ScanResolution,
  type StoredFieldReading,
  type StoredPageResult,
  type StudentPaperView,
} from '@yj/contracts';
import type { Matrix3, Point } from '@yj/omr';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { questionRepo, toSubjective } from '../question/question.repo';
import { assertSchool, narrow, subjectScanAccess, type SchoolFilter } from './scan-access';
import { scanFinishRepo } from './scan-finish.repo';
import { FINISHED_REFUSAL } from './scan-finish.service';
import { scanFixRepo, type ExceptionRow, type ScanFixRepo } from './scan-fix.repo';
import { anchorNames, highlight, regionOptions, registeredMatrix } from './scan-regions';
import type { ManualAnchors } from './scan-recognize';
import { scoreProblem, scoreRule, type ScoredQuestion } from './scan-score';
import type { PageRow, PaperRow } from './scan.repo';
import type { ScanService } from './scan.service';
import type { PaperScoreHook } from '../score/score-compute';

const KAOHAO_TYPES = ['kaohao', 'kaohaoRepeat'];
const PAGE_TYPES = ['location', 'image', 'blank', 'wrongPage', 'subjective'];
/** spec §5 summary kinds → exception types */
const SUMMARY: Record<'anchor' | 'examNo' | 'duplicateExamNo', { types: string[]; none: string }> = {
  anchor: { types: ['location'], none: '没有定位异常的答题卡' },
  examNo: { types: ['kaohao'], none: '没有考号异常的答题卡' },
  duplicateExamNo: { types: ['kaohaoRepeat'], none: '没有考号重复的答题卡' },
};

/** The result of a page the engine read; null for an unread page (its result says only why). */
const recognised = (result: StoredPageResult | null): RecognisedPage | null =>
  result && 'status' in result ? result : null;

/** The reading of a region in a stored page result (objective question, A/B, absent, optional). */
function readingOf(result: StoredPageResult | null, region: string | null): StoredFieldReading | null {
  const r = recognised(result);
  if (!r || !region) return null;
  const q = r.objective.find((x) => x.question === region || x.reading.name === region);
  if (q) return q.reading;
  if (r.ab?.name === region) return r.ab;
  if (r.absent?.name === region) return r.absent;
  return r.optional.find((x) => x.name === region) ?? null;
}

/** The 打分栏 a 主观题 exception names, in a stored page result. */
function stripOf(result: StoredPageResult | null, region: string | null) {
  const r = recognised(result);
  if (!r || !region) return null;
  return r.scores.find((x) => x.name === region) ?? null;
}

const matrixOf = (page: PageRow): Matrix3 | null => registeredMatrix(page.result);

/**
 * The exception screens' actions (DESIGN.md §4): each settles an exception in one transaction, audited
 * with before and after; counts follow because they are read from the tables.
 */
export function scanFixService(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  scan: ScanService;
  scores?: PaperScoreHook;
}) {
  const access = (subjectId: number, p: Principal, write: boolean) =>
    subjectScanAccess(d.exams, subjectId, p, write);

  /** The open exception of this subject, locked, inside the user's schools. */
  async function openException(
    r: ScanFixRepo,
    subjectId: number,
    filter: SchoolFilter,
    id: number,
    types: string[],
  ): Promise<ExceptionRow & { paperId: number }> {
    const e = await r.lockException(id);
    if (!e || e.subjectId !== subjectId) throw fail('异常记录不存在');
    assertSchool(filter, e.schoolId);
    if (!types.includes(e.type))
      throw fail(
        `该异常是${SCAN_EXCEPTION_LABELS[e.type as ScanExceptionTypeValue] ?? e.type}，不能这样处理`,
      );
    if (e.resolved) throw fail('该异常已处理，请刷新');
    if (e.paperId === null) throw fail('该异常没有对应的答题卡');
    return e as ExceptionRow & { paperId: number };
  }

  async function livePaper(r: ScanFixRepo, id: number) {
    const p = await r.lockPaper(id);
    if (!p || p.deletedAt) throw fail('答题卡已移出，请刷新');
    if (p.status === PaperStatus.pending) throw fail('答题卡正在识别，请稍后');
    return p;
  }

  async function record(
    db: Db,
    examId: number,
    actor: Actor,
    action: string,
    target: string,
    detail: { before: unknown; after: unknown; [k: string]: unknown },
  ) {
    await d.audit.record(db, { action, examId, userId: actor.userId, ip: actor.ip, target, detail });
  }

  /** What one settled exception did: the fix's answer and the audit's before/after. */
  interface Settled {
    result: ScanFixResult;
    audit: { before: unknown; after: unknown; [k: string]: unknown };
  }

  /**
   * The shape of the fixes on one exception: the user's access, one transaction, the open exception of one
   * of `types` and its live paper locked (with the exception's page), then `run`, audited under `action`.
   */
  async function onException(
    subjectId: number,
    exceptionId: number,
    types: string[],
    p: Principal,
    actor: Actor,
    action: string,
    run: (c: {
      tx: Db;
      examId: number;
      r: ScanFixRepo;
      e: ExceptionRow & { paperId: number };
      paper: PaperRow;
      page: PageRow | null;
    }) => Promise<Settled>,
  ): Promise<ScanFixResult> {
    const { examId, filter } = await access(subjectId, p, true);
    return d.db.transaction(async (tx) => {
      const r = scanFixRepo(tx);
      const e = await openException(r, subjectId, filter, exceptionId, types);
      const paper = await livePaper(r, e.paperId);
      const page = e.pageId ? await r.page(e.pageId) : null;
      const out = await run({ tx, examId, r, e, paper, page });
      // answers, type, examinee or absence of the sheet may have changed: its examinees' scores follow
      await d.scores?.(tx, paper.id, paper.examineeId);
      await record(tx, examId, actor, action, `paper:${paper.id}`, {
        subjectId,
        exceptionId: e.id,
        ...out.audit,
      });
      return out.result;
    });
  }

  /** Gives the paper to the examinee and settles its exam-number exceptions. */
  async function assignTo(
    r: ScanFixRepo,
    examId: number,
    subjectId: number,
    paperId: number,
    examineeId: number,
    schoolId: number,
    actor: Actor,
  ) {
    const who = await r.lockExaminee(examId, examineeId);
    if (!who) throw fail('考生不存在');
    if (who.schoolId !== schoolId) throw fail('该考生不是本校考生，不能分配这张答题卡');
    const other = await r.livePaperOf(subjectId, examineeId, paperId);
    if (other !== null)
      throw fail(
        `考生 ${await r.examineeName(examineeId)}（${who.kaohao}）已有答题卡，请对比两张答题卡后保留一张`,
        { paperId, otherPaperId: other, examineeId },
      );
    await r.updatePaper(paperId, { examineeId, kaohao: who.kaohao });
    const open = await r.openOf(paperId, KAOHAO_TYPES);
    const n = await r.resolve(
      open.map((x) => x.id),
      actor.userId,
      'assigned' satisfies ScanResolution,
      { examineeId },
    );
    await r.refreshStatus(paperId);
    return { kaohao: who.kaohao, resolved: n };
  }

  /** Takes a paper out (set aside or waiting for a rescan), settling every open exception on it. */
  async function takeOut(
    r: ScanFixRepo,
    paperId: number,
    status: PaperStatusValue,
    userId: number,
    how: ScanResolution,
  ) {
    await r.updatePaper(paperId, { status, deletedAt: new Date() });
    const open = await r.openOf(paperId);
    return r.resolve(
      open.map((x) => x.id),
      userId,
      how,
    );
  }

  async function pageViews(r: ScanFixRepo, paperId: number): Promise<ScanPageView[]> {
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

  async function paperView(r: ScanFixRepo, id: number | null): Promise<ScanPaperView | null> {
    if (id === null) return null;
    const p = await r.paperView(id);
    if (!p) return null;
    const { subjectId: _s, ...rest } = p;
    return { ...rest, status: p.status as PaperStatusValue, pages: await pageViews(r, id) };
  }

  return {
    /** 考号异常 / 考号重复: the paper goes to the examinee; refused when they already have a live paper. */
    async assign(
      subjectId: number,
      body: { exceptionId: number; examineeId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return onException(
        subjectId,
        body.exceptionId,
        KAOHAO_TYPES,
        p,
        actor,
        'scan.fix.assign',
        async (c) => {
          const { r, examId, paper } = c;
          const before = { examineeId: paper.examineeId, kaohao: paper.kaohao };
          const out = await assignTo(r, examId, subjectId, paper.id, body.examineeId, paper.schoolId, actor);
          return {
            result: { papers: [paper.id], resolved: out.resolved },
            audit: { before, after: { examineeId: body.examineeId, kaohao: out.kaohao } },
          };
        },
      );
    },

    /** 考号重复: keep one of the two papers; the other is set aside (a status, never deleted). */
    async keep(
      subjectId: number,
      body: { exceptionId: number; keepPaperId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      return d.db.transaction(async (tx) => {
        const r = scanFixRepo(tx);
        const e = await openException(r, subjectId, filter, body.exceptionId, ['kaohaoRepeat']);
        const otherId = Number((e.detail as { otherPaperId?: unknown }).otherPaperId);
        const examineeId = Number((e.detail as { examineeId?: unknown }).examineeId);
        if (body.keepPaperId !== e.paperId && body.keepPaperId !== otherId)
          throw fail('只能保留这两张答题卡中的一张');
        const mine = await livePaper(r, e.paperId);
        const other = Number.isInteger(otherId) ? await r.lockPaper(otherId) : null;
        const otherLive = other && !other.deletedAt ? other : null;
        if (otherLive) assertSchool(filter, otherLive.schoolId);
        const drop = body.keepPaperId === mine.id ? otherLive : mine;
        const before = {
          kept: { id: body.keepPaperId },
          paper: { id: mine.id, examineeId: mine.examineeId, status: mine.status },
          other: otherLive
            ? { id: otherLive.id, examineeId: otherLive.examineeId, status: otherLive.status }
            : null,
        };
        let resolved = 0;
        if (drop) resolved += await takeOut(r, drop.id, PaperStatus.setAside, actor.userId, 'setAside');
        if (body.keepPaperId === mine.id) {
          if (!Number.isInteger(examineeId)) throw fail('该异常没有记录考生，请用分配考生处理');
          resolved += (await assignTo(r, examId, subjectId, mine.id, examineeId, mine.schoolId, actor))
            .resolved;
        }
        await record(tx, examId, actor, 'scan.fix.keep', `paper:${body.keepPaperId}`, {
          subjectId,
          exceptionId: e.id,
          before,
          after: { kept: body.keepPaperId, setAside: drop?.id ?? null, examineeId },
        });
        return { papers: [mine.id, ...(otherLive ? [otherLive.id] : [])], resolved };
      });
    },

    /** 客观题异常: sets the answers; identical cases are confirmed together in one call. */
    async objective(
      subjectId: number,
      body: { answers: { exceptionId: number; answer: string[] }[] },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      if (new Set(body.answers.map((a) => a.exceptionId)).size !== body.answers.length)
        throw fail('同一异常不能重复提交');
      return d.db.transaction(async (tx) => {
        const r = scanFixRepo(tx);
        const changes: { paperId: number; question: string; before: string[] | null; after: string[] }[] = [];
        const papers = new Set<number>();
        let resolved = 0;
        for (const a of body.answers) {
          const e = await openException(r, subjectId, filter, a.exceptionId, ['objective']);
          const paper = await livePaper(r, e.paperId);
          const question = e.region ?? '';
          const page = e.pageId ? await r.page(e.pageId) : null;
          const labels = readingOf(page?.result ?? null, question)?.labels ?? [];
          const answer = [...new Set(a.answer.map((x) => x.toUpperCase()))].sort();
          const bad = answer.find((x) => labels.length && !labels.includes(x));
          if (bad) throw fail(`第${question}题没有选项 ${bad}`);
          const objective = { ...paper.objective, [question]: answer };
          changes.push({
            paperId: paper.id,
            question,
            before: paper.objective[question] ?? null,
            after: answer,
          });
          await r.updatePaper(paper.id, { objective });
          resolved += await r.resolve([e.id], actor.userId, 'answered' satisfies ScanResolution, { answer });
          papers.add(paper.id);
        }
        for (const id of papers) await r.refreshStatus(id);
        await record(tx, examId, actor, 'scan.fix.objective', `subject:${subjectId}`, {
          subjectId,
          before: changes.map((c) => ({ paperId: c.paperId, question: c.question, answer: c.before })),
          after: changes.map((c) => ({ paperId: c.paperId, question: c.question, answer: c.after })),
        });
        return { papers: [...papers], resolved };
      });
    },

    /** 缺考: confirm the absent mark, or clear it (a stray mark). */
    async absent(
      subjectId: number,
      body: { exceptionId: number; absent: boolean },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return this.setPaper(subjectId, body.exceptionId, ['absent'], p, actor, 'scan.fix.absent', (paper) => ({
        before: { absentMarked: paper.absentMarked },
        set: { absentMarked: body.absent },
        how: body.absent ? 'absentConfirmed' : 'absentCleared',
        // the examinee's absence record follows the mark, in the same transaction
        also: (tx: Db) => syncAbsence(tx, subjectId, paper.examineeId, body.absent, actor.userId),
      }));
    },

    /** AB卷异常: the paper type. */
    async paperType(
      subjectId: number,
      body: { exceptionId: number; paperType: 'A' | 'B' },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return this.setPaper(subjectId, body.exceptionId, ['ab'], p, actor, 'scan.fix.paperType', (paper) => ({
        before: { paperType: paper.paperType },
        set: { paperType: body.paperType },
        how: 'paperType',
      }));
    },

    /** Shared body of the one-field fixes (absent, A/B). */
    async setPaper(
      subjectId: number,
      exceptionId: number,
      types: string[],
      p: Principal,
      actor: Actor,
      action: string,
      change: (paper: { absentMarked: boolean; paperType: string | null; examineeId: number | null }) => {
        before: Record<string, unknown>;
        set: { absentMarked?: boolean; paperType?: string };
        how: ScanResolution;
        also?: (tx: Db) => Promise<Record<string, unknown>>;
      },
    ): Promise<ScanFixResult> {
      return onException(subjectId, exceptionId, types, p, actor, action, async ({ tx, r, e, paper }) => {
        const c = change(paper);
        const also = c.also ? await c.also(tx) : {};
        await r.updatePaper(paper.id, c.set);
        const n = await r.resolve([e.id], actor.userId, c.how, c.set);
        await r.refreshStatus(paper.id);
        return {
          result: { papers: [paper.id], resolved: n },
          audit: { before: c.before, after: { ...c.set, ...also } },
        };
      });
    },

    /** 选做题异常: the chosen question, written into the page's optional reading. */
    async optional(
      subjectId: number,
      body: { exceptionId: number; chosen: string },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { exceptionId, chosen } = body;
      return onException(subjectId, exceptionId, ['optional'], p, actor, 'scan.fix.optional', async (c) => {
        const { r, e, paper, page } = c;
        const reading = readingOf(page?.result ?? null, e.region);
        if (!page || !reading) throw fail('找不到选做题的识别结果');
        if (!reading.labels.includes(chosen)) throw fail(`选做题没有 ${chosen} 这一项`);
        const result = structuredClone(recognised(page.result)!);
        const target = result.optional.find((x) => x.name === e.region);
        if (target) target.value = [chosen];
        await r.updatePage(page.id, { result });
        const n = await r.resolve([e.id], actor.userId, 'optional' satisfies ScanResolution, { chosen });
        await r.refreshStatus(paper.id);
        return {
          result: { papers: [paper.id], resolved: n },
          audit: { region: e.region, before: { chosen: reading.value }, after: { chosen: [chosen] } },
        };
      });
    },

    /** 主观题异常 on a 打分栏: the score read off the strip by a person, within the question's full score and step. */
    async score(
      subjectId: number,
      body: { exceptionId: number; score: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { exceptionId, score } = body;
      // read before the transaction: PGlite runs one connection, a read beside the transaction would wait
      const questions = await subjectiveQuestions(subjectId);
      return onException(subjectId, exceptionId, ['subjective'], p, actor, 'scan.fix.score', async (c) => {
        const { r, e, paper, page } = c;
        const strip = stripOf(page?.result ?? null, e.region);
        if (!page || !strip) throw fail('这条主观题异常不是打分栏，不能录入分数');
        const rule = scoreRule(
          strip.question,
          questions,
          strip.fields.map((f) => f.labels),
          strip.value,
        );
        const problem = scoreProblem(score, rule);
        if (problem) throw fail(problem);
        const result = structuredClone(recognised(page.result)!);
        Object.assign(
          result.scores.find((x) => x.name === strip.name)!,
          { value: score, manual: true },
        );
        await r.updatePage(page.id, { result });
        const before = paper.scores[strip.name]?.value ?? null;
        await r.updatePaper(paper.id, {
          scores: { ...paper.scores, [strip.name]: { question: strip.question, value: score, manual: true } },
        });
        const n = await r.resolve([e.id], actor.userId, 'scored' satisfies ScanResolution, { score });
        await r.refreshStatus(paper.id);
        return {
          result: { papers: [paper.id], resolved: n },
          audit: { region: strip.name, before: { score: before }, after: { score } },
        };
      });
    },

    /** 主观题异常 on an answer box: a person saw the answer whole enough to mark; the page stays as it is. */
    async accept(
      subjectId: number,
      body: { exceptionId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return onException(
        subjectId,
        body.exceptionId,
        ['subjective'],
        p,
        actor,
        'scan.fix.accept',
        async (c) => {
          const { r, e, paper, page } = c;
          if (stripOf(page?.result ?? null, e.region)) throw fail('打分栏异常请录入分数');
          const n = await r.resolve([e.id], actor.userId, 'accepted' satisfies ScanResolution);
          await r.refreshStatus(paper.id);
          return {
            result: { papers: [paper.id], resolved: n },
            audit: { region: e.region, before: { reason: e.reason }, after: { accepted: true } },
          };
        },
      );
    },

    /** 定位/图像/空白/非本科目: takes the page out (kept, status removed); the paper waits for a rescan. */
    async rescan(
      subjectId: number,
      body: { exceptionId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return onException(subjectId, body.exceptionId, PAGE_TYPES, p, actor, 'scan.fix.rescan', async (c) => {
        const { r, paper, page } = c;
        if (page) await r.updatePage(page.id, { status: ScanPageStatus.removed });
        const n = await takeOut(r, paper.id, PaperStatus.rescan, actor.userId, 'rescan');
        return {
          result: { papers: [paper.id], resolved: n },
          audit: {
            before: { paperStatus: paper.status, pageId: page?.id ?? null, pageStatus: page?.status ?? null },
            after: { paperStatus: PaperStatus.rescan, pageStatus: ScanPageStatus.removed },
          },
        };
      });
    },

    /** 定位异常: stores the anchors a person marked and recognises the paper again with them. */
    async reanchor(
      subjectId: number,
      body: { pageId: number; pageIndex?: number; points: Point[] },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      const out = await d.db.transaction(async (tx) => {
        const r = scanFixRepo(tx);
        const page = await r.page(body.pageId);
        if (!page || page.subjectId !== subjectId || page.paperId === null) throw fail('答题卡图像不存在');
        const paper = await livePaper(r, page.paperId);
        assertSchool(filter, paper.schoolId);
        const batch = await r.batch(page.batchId);
        const card = batch ? await r.templateBody(batch.templateId) : null;
        const pageIndex = body.pageIndex ?? page.position;
        const tpl = card?.pages.find((x) => x.index === pageIndex);
        if (!tpl) throw fail(`答题卡没有第 ${pageIndex + 1} 页`);
        const need = anchorNames(tpl).length;
        if (body.points.length !== need) throw fail(`请在图上依次标出 ${need} 个定位点`);
        const manual: ManualAnchors = { pageIndex, points: body.points };
        const before = {
          status: page.status,
          manual: page.result?.manual ?? null,
        };
        await r.updatePage(page.id, { result: { ...(page.result ?? {}), manual } });
        const resolved = await requeue(r, [paper.id], actor.userId);
        await record(tx, examId, actor, 'scan.fix.reanchor', `scan_page:${page.id}`, {
          subjectId,
          paperId: paper.id,
          before,
          after: { manual },
        });
        return { papers: [paper.id], resolved };
      });
      for (const id of out.papers) await requeueJob(id);
      return { ...out, queued: out.papers.length };
    },

    /** Re-recognises a batch (after a template fix): results and open exceptions are replaced, settled ones stay. */
    async rerecognise(
      subjectId: number,
      body: { batchId: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      const out = await d.db.transaction(async (tx) => {
        const r = scanFixRepo(tx);
        const batch = await r.batch(body.batchId);
        if (!batch || batch.subjectId !== subjectId) throw fail('批次不存在');
        assertSchool(filter, batch.schoolId);
        // a finished school's sheets stay as confirmed: recognising them again could reopen exceptions
        if (await scanFinishRepo(tx).lockFinish(subjectId, batch.schoolId)) throw fail(FINISHED_REFUSAL);
        const papers = (await r.livePapersOfBatch(batch.id)).filter((x) => x.status !== PaperStatus.pending);
        if (!papers.length) throw fail('该批次正在识别或没有可重新识别的答题卡');
        const ids = papers.map((x) => x.id);
        const resolved = await requeue(r, ids, actor.userId);
        await record(tx, examId, actor, 'scan.fix.rerecognise', `scan_batch:${batch.id}`, {
          subjectId,
          before: { papers: ids.length, openExceptions: resolved },
          after: { queued: ids.length },
        });
        return { papers: ids, resolved };
      });
      for (const id of out.papers) await requeueJob(id);
      return { ...out, queued: out.papers.length };
    },

    // ---- reads ----

    /** scan exception detail: the exception, its paper(s), the highlighted region and the choices. */
    async detail(subjectId: number, exceptionId: number, p: Principal): Promise<ScanExceptionDetail> {
      const { filter } = await access(subjectId, p, false);
      const r = scanFixRepo(d.db);
      const e = await r.exception(exceptionId);
      if (!e || e.subjectId !== subjectId) throw fail('异常记录不存在');
      assertSchool(filter, e.schoolId);
      const paper = await paperView(r, e.paperId);
      const otherId = Number((e.detail as { otherPaperId?: unknown }).otherPaperId);
      const other =
        e.type === 'kaohaoRepeat' && Number.isInteger(otherId) ? await paperView(r, otherId) : null;
      const page = e.pageId ? await r.page(e.pageId) : null;
      const batch = page ? await r.batch(page.batchId) : null;
      const card = batch ? await r.templateBody(batch.templateId) : null;
      const tplIndex = page?.templatePage ?? page?.position ?? 0;
      const tpl = card?.pages.find((x) => x.index === tplIndex) ?? null;
      const matrix = page ? matrixOf(page) : null;
      const region =
        e.type === 'kaohaoRepeat' || e.type === 'kaohao' ? (tpl?.examNumber?.name ?? e.region) : e.region;
      const reading = readingOf(page?.result ?? null, e.region);
      const strip = e.type === 'subjective' ? stripOf(page?.result ?? null, e.region) : null;
      const fills = reading?.fills ?? (Array.isArray(e.detail.fills) ? (e.detail.fills as number[]) : null);
      const box = tpl && matrix && page ? highlight(tpl, matrix, region, fills) : null;
      const score = strip
        ? scoreRule(
            strip.question,
            await subjectiveQuestions(subjectId),
            strip.fields.map((f) => f.labels),
            strip.value,
          )
        : null;
      const item: ScanExceptionItem = {
        id: e.id,
        type: e.type as ScanExceptionTypeValue,
        label: SCAN_EXCEPTION_LABELS[e.type as ScanExceptionTypeValue] ?? e.type,
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
      const count = await scanFixRepo(d.db).openCount(subjectId, s.types, narrow(filter, q.schoolId));
      if (count <= 0) throw fail(s.none);
      return { count, types: s.types };
    },

    /** view/student/paper: an examinee's paper of the subject, with pages and crops. */
    async studentPaper(subjectId: number, examineeId: number, p: Principal): Promise<StudentPaperView> {
      const { examId, filter } = await access(subjectId, p, false);
      const r = scanFixRepo(d.db);
      const who = await r.examineeView(examId, examineeId);
      if (!who) throw fail('考生不存在');
      assertSchool(filter, who.schoolId);
      const paperId = await r.livePaperOf(subjectId, examineeId, 0);
      const { schoolId: _s, ...examinee } = who;
      return { examinee, paper: await paperView(r, paperId) };
    },
  };

  /** The subject's subjective questions with full score and step (the bounds of a typed 打分栏 score). */
  async function subjectiveQuestions(subjectId: number): Promise<ScoredQuestion[]> {
    return (await questionRepo(d.db).ofSubject(subjectId))
      .filter((q) => q.kind === 'subjective')
      .map(toSubjective);
  }

  /**
   * A confirmed 缺考 mark writes the examinee's absence record, a cleared one removes it. A sheet not yet
   * given to an examinee cannot be absent for anyone: its exam number is settled first.
   */
  async function syncAbsence(
    tx: Db,
    subjectId: number,
    examineeId: number | null,
    absent: boolean,
    userId: number,
  ) {
    if (examineeId === null) {
      if (absent) throw fail('这张答题卡还没有对应的考生，请先处理考号异常，再确认缺考');
      return { absenceOf: null };
    }
    const r = scanFinishRepo(tx);
    if (absent) await r.addAbsence(subjectId, [examineeId], userId);
    else await r.removeAbsence(subjectId, [examineeId]);
    return { absenceOf: examineeId };
  }

  /** Papers back to recognition: open exceptions replaced (settled with 'replaced'), pages queued again. */
  async function requeue(r: ScanFixRepo, paperIds: number[], userId: number): Promise<number> {
    const open = await r.openOfPapers(paperIds);
    const n = await r.resolve(
      open.map((x) => x.id),
      userId,
      'replaced' satisfies ScanResolution,
    );
    await r.requeuePages(paperIds);
    for (const id of paperIds) await r.updatePaper(id, { status: PaperStatus.pending });
    return n;
  }

  /** A fresh job id: the first recognition's id is spent (the queue runs one job per id). */
  function requeueJob(paperId: number): Promise<void> {
    return d.scan.enqueue(paperId, `paper-${paperId}-r${Date.now()}`);
  }
}
export type ScanFixService = ReturnType<typeof scanFixService>;
