import {
  MARKING_PROBLEM_PREFIX,
  PROBLEM_REASON_LABELS,
  ScanExceptionType,
  type MarkProblem,
  type Principal,
  type ProblemResolution,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db, Tx } from '../../../infra/db';
import type { Actor } from '../../../lib/actor';
import type { AuditService } from '../../audit/audit.service';
import type { LeadAccess, LeadBlock } from '../marking-lead-access';
import { assertMarks, blockRules, scoresOf } from '../rules/mark-rules';
import type { LeadSchool, MarkingLeadRepo, markingLeadRepo, TaskRow } from './marking-lead.repo';

/** Decides the paper's block score from its marks (or opens a third mark / an arbitration): marking-final.ts. */
export type Finalize = (tx: Tx, blockId: number, paperId: number) => Promise<unknown>;

interface ResolveInput {
  resolution: ProblemResolution;
  scores?: { no: string; score: number; points?: number[] | undefined }[] | undefined;
  note: string;
}

/** What a task was before a leader changed it (mark_task_change.before). */
const snapshot = (t: TaskRow) => ({
  status: t.status,
  userId: t.userId,
  score: t.score,
  questionScores: t.questionScores,
  pointScores: t.pointScores,
  submittedAt: t.submittedAt?.toISOString() ?? null,
  version: t.version,
  problem: t.problem,
});

const ARBITRATION = 9;

/**
 * The leaders' writes (DESIGN.md §5): problem papers settled, a marker's claimed papers recalled, chosen
 * marks sent back (打回). Each is one transaction that writes mark_task_change and the 动态日志.
 */
export function markingLeadService(d: {
  db: Db;
  audit: AuditService;
  finalize: Finalize;
  /** the score module's hook: a paper whose block score was removed (打回) */
  onScore?: (tx: Tx, paperId: number) => Promise<void>;
  /** who leads a block and for which school (marking-lead-access, on the same repository) */
  access: LeadAccess;
  repo: typeof markingLeadRepo;
}) {
  const access = d.access;

  const log = (tx: Db, b: LeadBlock, actor: Actor, action: string, target: string, detail: unknown) =>
    d.audit.record(tx, { action, examId: b.examId, userId: actor.userId, ip: actor.ip, target, detail });

  function inSchool(school: LeadSchool, t: { schoolId: number }) {
    if (school !== null && t.schoolId !== school) throw fail('forbidden');
  }

  /** The problem paper as it is now, locked: open, or sent to the scanning staff and still waiting. */
  async function openProblem(r: MarkingLeadRepo, taskId: number, blockId: number, school: LeadSchool) {
    const t = await r.lockTask(taskId);
    if (!t || t.blockId !== blockId) throw fail('taskNotFound');
    inSchool(school, t);
    if (t.status !== 'problem' || !t.problem) throw fail('notPendingProblem');
    return t as TaskRow & { problem: MarkProblem };
  }

  /** 转扫描问题: a 主观题异常 on the paper for the scanning staff, who accept the image or have it rescanned. */
  async function toScan(
    r: MarkingLeadRepo,
    t: TaskRow & { problem: MarkProblem },
    b: LeadBlock,
    note: string,
  ) {
    const p = await r.paperForScan(t.paperId);
    if (!p || p.deletedAt) throw fail('paperRemoved');
    const why = [PROBLEM_REASON_LABELS[t.problem.reason], t.problem.note, note].filter(Boolean).join('，');
    const id = await r.addException({
      subjectId: p.subjectId,
      schoolId: p.schoolId,
      batchId: p.batchId,
      paperId: p.id,
      pageId: p.pageId,
      type: ScanExceptionType.subjective,
      reason: `${MARKING_PROBLEM_PREFIX}${b.name}，${why}`,
      detail: { source: 'marking', taskId: t.id, blockId: b.id },
    });
    await r.markPaperException(p.id);
    return id;
  }

  return {
    async resolve(taskId: number, input: ResolveInput, p: Principal, actor: Actor) {
      const blockId = (await d.repo(d.db).task(taskId))?.blockId;
      if (blockId === undefined) throw fail('taskNotFound');
      const { b, school } = await access.block(blockId, p, true);
      if (input.resolution === 'score' && !input.scores) throw fail('scoreRequired');
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const t = await openProblem(r, taskId, blockId, school);
        const was = t.problem.resolution;
        if (was && was !== 'scan') throw fail('problemAlreadyHandled');
        if (was === 'scan' && input.resolution === 'scan') throw fail('problemTurnedToScan');
        const now = new Date();
        const problem: MarkProblem = {
          ...t.problem,
          resolution: input.resolution,
          resolvedBy: actor.userId,
          resolvedAt: now.toISOString(),
          ...(input.note ? { resolveNote: input.note } : {}),
        };
        let after: Record<string, unknown>;
        if (input.resolution === 'score') {
          if (await r.markedByElsewhere(t, actor.userId)) throw fail('leaderMarkedOtherRound');
          const rules = await blockRules(tx, blockId);
          if (!rules) throw fail('blockNotFound');
          assertMarks(input.scores!, rules);
          const set = {
            status: 'submitted',
            userId: actor.userId,
            leaseToken: null,
            leaseUntil: null,
            ...scoresOf(input.scores!),
            submittedAt: now,
            version: t.version + 1,
            problem,
          };
          await r.updateTask(t.id, set);
          after = { ...set, submittedAt: now.toISOString() };
          await d.finalize(tx, blockId, t.paperId);
        } else if (input.resolution === 'back') {
          const skippedBy = t.skippedBy.includes(t.problem.by) ? t.skippedBy : [...t.skippedBy, t.problem.by];
          const set = {
            status: 'pending',
            userId: null,
            leaseToken: null,
            leaseUntil: null,
            skippedBy,
            problem,
          };
          await r.updateTask(t.id, set);
          after = set;
        } else {
          problem.exceptionId = await toScan(r, t, b, input.note);
          await r.updateTask(t.id, { problem });
          after = { status: t.status, problem };
        }
        await r.changes([
          { taskId: t.id, userId: actor.userId, action: 'resolve', before: snapshot(t), after },
        ]);
        await log(tx, b, actor, 'marking.problem.resolve', `mark_task:${t.id}`, {
          blockId,
          paperId: t.paperId,
          before: { problem: t.problem },
          after: { problem },
        });
        return { taskId: t.id, resolution: input.resolution, exceptionId: problem.exceptionId ?? null };
      });
    },

    /** A marker's claimed (leased) papers of the block go back to the pool. */
    async recall(blockId: number, userId: number, p: Principal, actor: Actor) {
      const { b, school } = await access.block(blockId, p, true);
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const rows = await r.recall(blockId, userId, school);
        await r.changes(
          rows.map((x) => ({
            taskId: x.id,
            userId: actor.userId,
            action: 'recall',
            before: { status: 'leased', userId },
            after: { status: 'pending', userId: null },
          })),
        );
        if (rows.length)
          await log(tx, b, actor, 'marking.recall', `user:${userId}`, {
            blockId,
            before: { leased: rows.map((x) => x.id) },
            after: { status: 'pending' },
          });
        return { recalled: rows.length };
      });
    },

    /** 打回: one marker's chosen submitted marks are cleared and go to another marker; the block scores go. */
    async remark(blockId: number, taskIds: number[], p: Principal, actor: Actor) {
      const { b, school } = await access.block(blockId, p, true);
      const ids = [...new Set(taskIds)];
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const rows = await r.lockTasks(blockId, ids);
        if (rows.length !== ids.length) throw fail('papersNotInBlock');
        for (const t of rows) {
          inSchool(school, t);
          if (t.status !== 'submitted') throw fail('onlySubmittedReturnable');
          if (t.slot === ARBITRATION) throw fail('arbitrationNotReturnable');
        }
        const markers = new Set(rows.map((t) => t.userId));
        if (markers.size !== 1) throw fail('returnOneMarkerAtATime');
        const markerId = rows[0]!.userId!;
        await r.remark(ids, markerId);
        const papers = [...new Set(rows.map((t) => t.paperId))];
        const dropped = await r.dropScores(blockId, papers);
        if (d.onScore) for (const paperId of papers) await d.onScore(tx, paperId);
        await r.changes(
          rows.map((t) => ({
            taskId: t.id,
            userId: actor.userId,
            action: 'remark',
            before: snapshot(t),
            after: { status: 'pending', userId: null, score: null, version: t.version + 1 },
          })),
        );
        await log(tx, b, actor, 'marking.remark', `user:${markerId}`, {
          blockId,
          before: { tasks: rows.map((t) => ({ id: t.id, score: t.score })), scores: dropped },
          after: { status: 'pending' },
        });
        return { remarked: rows.length, scoresRemoved: dropped.length };
      });
    },
  };
}
export type MarkingLeadService = ReturnType<typeof markingLeadService>;
