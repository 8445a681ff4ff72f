import { ExamRole } from '@yj/contracts';
import type { Db, Tx } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { AuditService } from '../audit/audit.service';
import type { ExamScopes } from '../exam/exam-scope';
import type { QuestionService } from '../question/question.service';
import type { PaperImageService } from '../scan/image/paper-image.service';
import type { ReviewHooks } from '../subject/subject.service';
import { doneCheck, reviewTasks } from './pool/marking-counts';
import { createTasks, finalizer, refreshStripScores, type PaperScored } from './final/marking-final';
import { markingHistory } from './book/marking-history';
import { leadAccess } from './marking-lead-access';
import { markingLeadViewRepo } from './lead/marking-lead-view.repo';
import { markingLeadViewService, type HiddenProblems } from './lead/marking-lead-view.service';
import { markingLeadRepo, reopenScanProblems } from './lead/marking-lead.repo';
import { markingLeadService } from './lead/marking-lead.service';
import { leaseRepo } from './pool/marking-lease.repo';
import { myHistory, type MyHistory } from './book/marking-mine';
import { markingOrigin } from './origin/marking-origin';
import { markingOverview } from './overview/marking-overview';
import { blockProgressCounts } from './overview/marking-progress.repo';
import { markingReselect } from './reset/marking-reselect';
import { markingReset, type Discard } from './reset/marking-reset';
import { markingResetRepo } from './reset/marking-reset.repo';
import { markingScopes } from './marking-scope';
import { scoreQueue, type DeriveExaminees } from './final/marking-score-queue';
import { registerMarkingJobs } from './pool/marking.jobs';
import { markingRepo } from './pool/marking.repo';
import { markingService, type HiddenPapers } from './pool/marking.service';

/**
 * What the other modules are given of marking, made before the rest of it (composition root: routes.ts), as the
 * score pages, scanning, 试评, 质检 and 智能辅助 are wired before or beside it: the queue of subject scores
 * marking leaves stale (`stale`, marking-score-queue.ts), the leaders' access, a user's roles in a block, a
 * marker's quota, the scan fixes' hook that returns settled 问题卷 to the pool, 统分's strip scores.
 */
export function markingPorts(d: { db: Db; derive: DeriveExaminees }) {
  const { db } = d;
  const repo = markingRepo;
  return {
    stale: scoreQueue({ db, derive: d.derive }),
    /** who leads a block and for which school (marking-lead-access) */
    access: leadAccess(() => markingLeadRepo(db)),
    /** the user's roles in a block */
    roles: (blockId: number, userId: number) => repo.roles(db, blockId, userId),
    /** a marker's quota in a block and the marks that count against it */
    quota: async (tx: Tx, blockId: number, userId: number) => {
      const me = await repo.reviewer(tx, blockId, userId, ExamRole.reviewers, true);
      return { quota: me?.quota ?? null, used: await repo.used(tx, blockId, userId) };
    },
    /** a scan exception settled: the 问题卷 that sent it there go back to the pool */
    onScanResolved: reopenScanProblems,
    /** 统分: the 先阅后扫 strips' scores brought up to date */
    stripScores: refreshStripScores,
    /** the one progress of blocks (papers with a final score / papers to mark, and the parts), narrowed to a school */
    progress: (blockIds: readonly number[], school: number | null) =>
      blockProgressCounts(db, blockIds, school),
  };
}
export type MarkingPorts = ReturnType<typeof markingPorts>;

/**
 * The marking module wired (composition root: routes.ts): its repositories passed into its services here — the
 * markers' screen, 回评, the leaders' screens and writes, the overview, 重置阅卷 and 重新选题 — with the
 * lifecycle's hooks and the pool's minute jobs. What it needs of other modules comes in: the scan module's paper
 * images, 质检's hidden papers (`standard`, `hidden`), the score module's hook (`onScore`), what a discard of
 * marks takes with it (`onDiscard`).
 */
export function markingModule(d: {
  db: Db;
  audit: AuditService;
  scopes: ExamScopes;
  questions: QuestionService;
  images: Pick<PaperImageService, 'paperImage' | 'storeCuts' | 'maskedPage'>;
  standard: HiddenPapers;
  hidden: HiddenProblems;
  onScore: PaperScored;
  onDiscard: Discard;
  /** 质检's check of markers with new evidence (quality module's `judge`) */
  onEvidence?: (blockId: number, userIds: number[]) => Promise<void>;
  ports: MarkingPorts;
}) {
  const { db, audit, ports } = d;
  const { paperImage } = d.images;
  const { access, stale } = ports;
  const repo = markingRepo;
  const onScores = (tx: Tx, paperIds: number[]) => stale.markMany(tx, paperIds);
  const finalize = finalizer(
    (tx, paperId) => stale.mark(tx, paperId),
    (paperId) => stale.markSql(paperId),
  );
  const scopes = markingScopes(db, d.scopes);
  const marking = markingService({
    db,
    paperImage,
    storeCuts: d.images.storeCuts,
    finalize,
    standard: d.standard,
    handedOut: scopes.knowTask,
    onEvidence: d.onEvidence,
    repo,
    leaseRepo,
  });
  const reviewHooks: ReviewHooks = {
    onReviewStart: async (tx, subjectId) => {
      await createTasks(tx, subjectId);
      // the walk reads the new tasks, committed by then (and the marking jobs' pass each minute runs it again)
      setTimeout(() => marking.cutSubject(subjectId), 1_000).unref();
    },
    doneCheck: (subjectId) => doneCheck(db, subjectId),
    onReviewDone: (tx, subjectId) => stale.flushIn(tx, subjectId),
  };
  const discard = { db, audit, finalize, onScores, onDiscard: d.onDiscard, repo: markingResetRepo };
  return {
    marking,
    finalize,
    /** marking's capability scopes: a block, task or trial mark in the path */
    scopes,
    history: markingHistory({ db, finalize, repo }),
    /** review/task: the user's blocks with their counts */
    tasks: (userId: number) => reviewTasks(db, userId),
    /** /book/history: the user's own marks across blocks */
    mine: ((userId, q) => myHistory(db, userId, q)) satisfies MyHistory,
    /** originPicAndAnswer: the marker's screens and 试评 both show a paper's whole pages through it */
    origin: markingOrigin({ db, maskedPage: d.images.maskedPage }),
    lead: markingLeadService({ db, audit, finalize, onScore: d.onScore, access, repo: markingLeadRepo }),
    view: markingLeadViewService({
      db,
      paperImage,
      hidden: d.hidden,
      access,
      repo: markingLeadRepo,
      viewRepo: markingLeadViewRepo,
      progress: ports.progress,
    }),
    overview: markingOverview({ db, access, repo: markingLeadRepo }),
    reset: markingReset(discard),
    reselect: markingReselect({ ...discard, questions: d.questions }),
    /** tasks created when marking starts, what is left before 阅卷完成, the scores brought up to date at it */
    reviewHooks,
    /** the pool's minute jobs on the API process's own queue; answers their stop function */
    registerJobs: (queue: Jobs) => registerMarkingJobs(queue, { db, repo, cutSubject: marking.cutSubject }),
  };
}
export type MarkingModule = ReturnType<typeof markingModule>;
