import {
  PaperStatus,
  SCAN_EXCEPTION_LABELS,
  type PaperStatusValue,
  type Principal,
  type ScanExceptionTypeValue,
  type ScanFixResult,
  type ScanResolution,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { Actor } from '../../../lib/actor';
import type { AuditService } from '../../audit/audit.service';
import type { ExamService } from '../../exam/exam.service';
import type { ExamineeScoreHook, PaperScoreHook } from '../../score-compute/score-compute';
import type { scanFinishRepo } from '../finish/scan-finish.repo';
import type { ScanService } from '../ingest/scan-ingest.service';
import { assertSchool, subjectScanAccess, type SchoolFilter } from '../scan-access';
import { scanAudit } from '../scan-audit';
import type { PageRow, PaperRow } from '../scan.repo';
import type { ScoredQuestion } from './scan-score';
import type { ExceptionRow, ScanFixRepo, scanFixRepo } from './scan-fix.repo';

/** The fixes of the exception screens that settle one exception (reanchor and rerecognise act on a page, a batch). */
export type FixName =
  'assign' | 'keep' | 'objective' | 'absent' | 'paperType' | 'optional' | 'score' | 'accept' | 'rescan';

/**
 * Each kind of exception and the fixes that settle it: the handler of a kind (kinds/*.ts) offers these, and a
 * fix asked of another kind is refused (该异常是…，不能这样处理).
 */
export const FIXES_BY_KIND: Record<ScanExceptionTypeValue, readonly FixName[]> = {
  kaohao: ['assign'],
  kaohaoRepeat: ['assign', 'keep'],
  objective: ['objective'],
  ab: ['paperType'],
  absent: ['absent'],
  optional: ['optional'],
  subjective: ['score', 'accept', 'rescan'],
  location: ['rescan'],
  image: ['rescan'],
  blank: ['rescan'],
  wrongPage: ['rescan'],
};

/** What the fixes are given at the composition root. */
export interface FixDeps {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  scan: ScanService;
  repo: typeof scanFixRepo;
  finishRepo: typeof scanFinishRepo;
  /** the subject's subjective questions with full score and step (the question module's) */
  subjectiveQuestions: (subjectId: number) => Promise<ScoredQuestion[]>;
  /** after exceptions are settled, inside the fix's transaction: a 问题卷 marking sent to scanning returns */
  onResolved?: (
    tx: Db,
    settled: { id: number; detail: Record<string, unknown> }[],
    userId: number,
  ) => Promise<unknown>;
  scores?: PaperScoreHook;
  /** a whole batch's examinees at once (作废本批次) */
  examineeScores?: ExamineeScoreHook;
}

/** What one settled exception did: the fix's answer and the audit's before/after. */
export interface Settled {
  result: ScanFixResult;
  audit: { before: unknown; after: unknown; [k: string]: unknown };
}

export interface FixContext {
  tx: Db;
  subjectId: number;
  actor: Actor;
  examId: number;
  r: ScanFixRepo;
  e: ExceptionRow & { paperId: number };
  paper: PaperRow;
  page: PageRow | null;
}

/**
 * The shared steps of every fix (DESIGN.md §4): access, the locked open exception and its live paper, settling
 * with how, the audit; each fix runs in one transaction and is audited with before and after.
 */
export function fixKit(d: FixDeps) {
  const access = (subjectId: number, p: Principal, write: boolean) =>
    subjectScanAccess(d.exams, subjectId, p, write);

  /** The fix's repository inside its transaction; settling also tells marking (a 问题卷 goes back). */
  function repo(tx: Db): ScanFixRepo {
    const r = d.repo(tx);
    return {
      ...r,
      async resolve(ids, userId, resolution, extra) {
        const rows = await r.settle(ids, userId, resolution, extra);
        await d.onResolved?.(tx, rows, userId);
        return rows.length;
      },
    };
  }

  /** The open exception of this subject, locked, inside the user's schools, of a kind `fix` settles. */
  async function openException(
    r: ScanFixRepo,
    subjectId: number,
    filter: SchoolFilter,
    id: number,
    fix: FixName,
  ): Promise<ExceptionRow & { paperId: number }> {
    const e = await r.lockException(id);
    if (!e || e.subjectId !== subjectId) throw fail('exceptionNotFound');
    assertSchool(filter, e.schoolId);
    if (!FIXES_BY_KIND[e.type].includes(fix))
      throw fail('exceptionWrongFix', { type: SCAN_EXCEPTION_LABELS[e.type] });
    if (e.resolved) throw fail('exceptionAlreadyHandled');
    if (e.paperId === null) throw fail('exceptionHasNoPaper');
    return { ...e, paperId: e.paperId };
  }

  async function livePaper(r: ScanFixRepo, id: number) {
    const p = await r.lockPaper(id);
    if (!p || p.deletedAt) throw fail('paperRemoved');
    if (p.status === PaperStatus.pending) throw fail('paperRecognising');
    return p;
  }

  // a fix's detail always says what the paper was and became
  const record: (
    db: Db,
    examId: number,
    actor: Actor,
    action: string,
    target: string,
    detail: { before: unknown; after: unknown; [k: string]: unknown },
  ) => Promise<void> = scanAudit(d.audit);

  /**
   * The shape of the fixes on one exception: the user's access, one transaction, the open exception of a kind
   * `fix` settles and its live paper locked (with the exception's page), then `run`, audited under `action`.
   */
  async function onException(
    subjectId: number,
    exceptionId: number,
    fix: FixName,
    p: Principal,
    actor: Actor,
    action: string,
    run: (c: FixContext) => Promise<Settled>,
  ): Promise<ScanFixResult> {
    const { examId, filter } = await access(subjectId, p, true);
    return d.db.transaction(async (tx) => {
      const r = repo(tx);
      const e = await openException(r, subjectId, filter, exceptionId, fix);
      const paper = await livePaper(r, e.paperId);
      const page = e.pageId ? await r.page(e.pageId) : null;
      const out = await run({ tx, subjectId, actor, examId, r, e, paper, page });
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

  /** A fix of one exception as a route calls it (the exception named in its body): `run` on the exception. */
  const byException =
    <B extends { exceptionId: number }>(
      fix: FixName,
      action: string,
      run: (c: FixContext, body: B) => Promise<Settled>,
    ) =>
    (subjectId: number, body: B, p: Principal, actor: Actor): Promise<ScanFixResult> =>
      onException(subjectId, body.exceptionId, fix, p, actor, action, (c) => run(c, body));

  /**
   * Takes papers out (set aside or waiting for a rescan), settling every open exception on them: three statements
   * however many papers (the bulk 空白页 fix takes a whole subject's blank backs at once).
   */
  async function takeOut(
    r: ScanFixRepo,
    paperIds: number[],
    status: PaperStatusValue,
    userId: number,
    how: ScanResolution,
  ) {
    if (!paperIds.length) return 0;
    await r.updatePapers(paperIds, { status, deletedAt: new Date() });
    const open = await r.openOfPapers(paperIds);
    const n = await r.resolve(
      open.map((x) => x.id),
      userId,
      how,
    );
    // a sheet found in one of these and in another paper (same-sheet.ts) is now in that other paper alone
    const twins = await r.openTwinsOf(paperIds);
    await r.settle(
      twins.map((x) => x.id),
      userId,
      'otherTakenOut' satisfies ScanResolution,
    );
    for (const id of new Set(twins.map((x) => x.paperId!))) await r.refreshStatus(id);
    return n;
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

  /**
   * The batch of a whole-batch fix (重新识别, 作废本批次), locked: the subject's, in the user's schools, its school's
   * scan not confirmed finished (a finished school's sheets stay as confirmed).
   */
  async function lockedBatch(
    tx: Db,
    r: ScanFixRepo,
    subjectId: number,
    filter: SchoolFilter,
    batchId: number,
  ) {
    const batch = await r.batch(batchId);
    if (!batch || batch.subjectId !== subjectId) throw fail('batchNotFound');
    assertSchool(filter, batch.schoolId);
    if (await d.finishRepo(tx).lockFinish(subjectId, batch.schoolId)) throw fail('scanFinishedLocked');
    return batch;
  }

  /** A fresh job id: the first recognition's id is spent (the queue runs one job per id). */
  function requeueJob(paperId: number): Promise<void> {
    return d.scan.enqueue(paperId, `paper-${paperId}-r${Date.now()}`);
  }

  /** A fix over several papers at once (a batch, the blank ones): the user's access, then one transaction. */
  async function onPapers<T>(
    subjectId: number,
    p: Principal,
    run: (c: { tx: Db; r: ScanFixRepo; examId: number; filter: SchoolFilter }) => Promise<T>,
  ): Promise<T> {
    const { examId, filter } = await access(subjectId, p, true);
    return d.db.transaction(async (tx) => run({ tx, r: repo(tx), examId, filter }));
  }

  /**
   * The shape of the fixes that send papers back to recognition (a page's anchors, a whole batch): the user's
   * access, one transaction that settles and names the papers, then their jobs queued once it has committed
   * (a job queued inside could read the paper before the commit).
   */
  async function onRequeue(
    subjectId: number,
    p: Principal,
    run: (c: { tx: Db; r: ScanFixRepo; examId: number; filter: SchoolFilter }) => Promise<{
      papers: number[];
      resolved: number;
    }>,
  ): Promise<ScanFixResult> {
    const out = await onPapers(subjectId, p, run);
    for (const id of out.papers) await requeueJob(id);
    return { ...out, queued: out.papers.length };
  }

  return {
    d,
    access,
    repo,
    openException,
    livePaper,
    record,
    onException,
    byException,
    takeOut,
    requeue,
    onRequeue,
    onPapers,
    lockedBatch,
  };
}
export type FixKit = ReturnType<typeof fixKit>;
