import {
  allows,
  can,
  type BatchReleaseItem,
  type DelayPublishBody,
  type ExamReleaseRow,
  type Principal,
  type PublishState,
  type ReviewTransitionResult,
  type ScoreBlocker,
} from '@yj/contracts';
import { AppError, fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import type { JobPayload, Jobs } from '../../infra/jobs';
import type { subject } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamScopes } from '../exam/exam-scope';
import { recordSubject, type SubjectService, type TransitionActor } from '../subject/subject.service';
import type { ScoreCompute } from '../score-compute/score-compute';
import type { scorePublishRepo } from './score-publish.repo';
import type { scoreQueryRepo } from './score-query.repo';
import type { TemplateFit } from '../template/template.module';
import { blockersOf, checkCounts } from './score.service';

export const PUBLISH_SCHEDULE_JOB = 'score.publishSchedule';
type SchedulePayload = JobPayload<typeof PUBLISH_SCHEDULE_JOB>;
/** What a fired publish time did (tests and logs). */
export type PublishFireOutcome = 'published' | 'refused' | 'skipped';

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A publish time may be set while marking runs or is finished: it publishes once the checks pass. */
const maySchedule = (status: number) => allows(status, 'publish') || allows(status, 'reviewDone');

/** The refusal of 发布 while scoreCheck finds something: each blocker with its count. */
export function publishRefusal(blockers: ScoreBlocker[]): string {
  return `成绩核查未通过，不能发布：${blockers.map((b) => `${b.label} ${b.count}`).join('、')}`;
}

/**
 * Publishing a subject's scores (spec §4): 发布 once marking is done and scoreCheck finds nothing, 取消发布,
 * 定时发布 (a time kept on the subject and fired by a delayed job, re-armed on server start, like
 * review/schedule), batch release over an exam's subjects, and 先阅后扫统分 with its cancel. Every change goes
 * through the subject lifecycle (locked row, audited), so a published subject refuses marks, keys and
 * adjustments until it is cancelled.
 */
type SubjectRow = typeof subject.$inferSelect;

export function scorePublishService(d: {
  db: Db;
  queryRepo: typeof scoreQueryRepo;
  /** objective questions a template reads otherwise than 题目设置 (the template module's port) */
  templateFit: TemplateFit;
  repo: typeof scorePublishRepo;
  audit: AuditService;
  queue: Jobs;
  subjects: SubjectService;
  compute: ScoreCompute;
  scopes: ExamScopes;
  /** marking writes the 打分栏 scores of 先阅后扫 sheets as final block scores (in the caller's transaction) */
  stripScores: (tx: Tx, subjectId: number) => Promise<void>;
  /** the live subject row, read or locked through `db` (the subject module's, passed in at the composition root) */
  subjectRows: (db: Db) => {
    find(subjectId: number): Promise<SubjectRow | null>;
    lock(subjectId: number): Promise<SubjectRow | null>;
  };
}) {
  /** Refuses inside the transaction while scoreCheck (every school) finds something. */
  async function assertChecked(tx: Tx, s: { id: number; examId: number }): Promise<void> {
    const blockers = blockersOf(await checkCounts(tx, d, { subjectId: s.id, examId: s.examId }, 'all'));
    if (blockers.length) throw fail('publishBlocked', { reason: publishRefusal(blockers) }, blockers);
  }

  function publish(subjectId: number, actor: TransitionActor): Promise<ReviewTransitionResult> {
    return d.subjects.transition(subjectId, 'publish', actor, {
      guard: assertChecked,
      // a publish by hand makes a pending time moot
      after: (tx, s) => d.repo(tx).setPublishAt(s.id, null),
    });
  }

  /** `again`: armed anew by a timer that fired before its time (a job id of its own: the first is spent). */
  async function arm(subjectId: number, at: Date, again?: Date): Promise<void> {
    await d.queue.enqueue(PUBLISH_SCHEDULE_JOB, { subjectId, at: at.getTime() } satisfies SchedulePayload, {
      jobId: `${subjectId}:${at.getTime()}${again ? `:${again.getTime()}` : ''}`,
      delayMs: Math.max(0, at.getTime() - Date.now()),
    });
  }

  /** Clears a fired time that could not publish and keeps why in the audit log. */
  async function settle(subjectId: number, at: Date, detail: object): Promise<void> {
    await d.db.transaction(async (tx) => {
      const s = await d.subjectRows(tx).lock(subjectId);
      if (!s || s.publishAt?.getTime() !== at.getTime()) return;
      await d.repo(tx).setPublishAt(subjectId, null);
      await recordSubject(d.audit, tx, 'score.publishSchedule.fired', s, 'schedule', {
        at: at.toISOString(),
        ...detail,
      });
    });
  }

  /** The job: publishes only when the subject still has this time and it has come (idempotent). */
  async function fire(payload: SchedulePayload, now = new Date()): Promise<PublishFireOutcome> {
    const { subjectId } = payload;
    const s = await d.subjectRows(d.db).find(subjectId);
    const at = s?.publishAt;
    if (!s || !at) return 'skipped';
    if (at.getTime() > now.getTime()) {
      // its own time not come yet: the timer fired early — timers run on the monotonic clock, late by a busy
      // event loop at arming, and a time is kept on the wall clock — so it is armed again, never dropped. A job
      // for a time since moved leaves it (the move armed its own).
      if (payload.at === at.getTime()) await arm(subjectId, at, now);
      return 'skipped';
    }
    try {
      await publish(subjectId, 'schedule');
      return 'published';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await settle(subjectId, at, { refused: err.message, blockers: err.data });
      return 'refused';
    }
  }

  async function state(subjectId: number): Promise<PublishState> {
    const s = await d.subjectRows(d.db).find(subjectId);
    if (!s) throw fail('subjectNotFound');
    return {
      subjectId,
      name: s.name,
      status: s.status,
      publishAt: iso(s.publishAt),
      tongfen: s.tongfenAt !== null,
      xianyue: await d.repo(d.db).xianyue(subjectId),
    };
  }

  return {
    fire,
    state,

    /** 发布成绩: refused with every blocker and its count while scoreCheck finds something. */
    publish: (subjectId: number, actor: Actor) => publish(subjectId, actor),

    /** 取消发布: back to 阅卷完成 (a subject published by 统分 is cancelled with cancelXianyueTongfen). */
    cancel: (subjectId: number, actor: Actor) =>
      d.subjects.transition(subjectId, 'publishCancel', actor, {
        guard: async (_tx, s) => {
          if (s.tongfenAt) throw fail('publishedByXianyue');
        },
      }),

    /** 定时发布: sets (later than now) or clears (null) the time the server publishes at. */
    async delay(subjectId: number, body: DelayPublishBody, actor: Actor): Promise<PublishState> {
      const at = body.publishAt === null ? null : new Date(body.publishAt);
      await d.db.transaction(async (tx) => {
        const s = await d.subjectRows(tx).lock(subjectId);
        if (!s) throw fail('subjectNotFound');
        if (at && !maySchedule(s.status)) throw fail('subjectStateForbids');
        if (at && at.getTime() <= Date.now()) throw fail('publishTimeNotFuture');
        if (!at && !s.publishAt) throw fail('publishNotScheduled');
        await d.repo(tx).setPublishAt(subjectId, at);
        await recordSubject(d.audit, tx, 'score.delayPublish', s, actor, {
          before: iso(s.publishAt),
          after: iso(at),
        });
      });
      // armed after the commit: a job that ran before it would find the old time
      if (at) await arm(subjectId, at);
      return state(subjectId);
    },

    /** On server start: times that passed while it was down fire now, later ones are armed again. */
    async resume(now = new Date()): Promise<PublishFireOutcome[]> {
      const fired: PublishFireOutcome[] = [];
      for (const s of await d.repo(d.db).scheduled()) {
        if (s.publishAt!.getTime() <= now.getTime()) fired.push(await fire({ subjectId: s.id }, now));
        else await arm(s.id, s.publishAt!);
      }
      return fired;
    },

    /** Batch release: each chosen subject of the exam published on its own, or refused with why. */
    async batch(examId: number, subjectIds: number[], p: Principal, actor: Actor) {
      const rows = await d.repo(d.db).ofExam(examId);
      const out: BatchReleaseItem[] = [];
      for (const id of [...new Set(subjectIds)]) {
        const s = rows.find((r) => r.subjectId === id);
        const item = { subjectId: id, name: s?.name ?? '', ok: false, message: '', blockers: [] };
        if (!s) out.push({ ...item, message: '科目不属于该考试' });
        else if (!can(p, 'score.publish', await d.scopes.forSubject(id)))
          out.push({ ...item, message: '无权限发布该科目' });
        else {
          try {
            await publish(id, actor);
            out.push({ ...item, ok: true, message: '已发布' });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const blockers = Array.isArray(err.data) ? (err.data as ScoreBlocker[]) : [];
            out.push({ ...item, message: err.message, blockers });
          }
        }
      }
      return out;
    },

    /** The exam's release screen: every subject, its state, its blockers and whether the user may publish it. */
    async ofExam(examId: number, p: Principal): Promise<ExamReleaseRow[]> {
      const repo = d.repo(d.db);
      const out: ExamReleaseRow[] = [];
      for (const s of await repo.ofExam(examId)) {
        const scope = await d.scopes.forSubject(s.subjectId);
        const checks = can(p, 'score.unpublished.read', scope) && !allows(s.status, 'publishCancel');
        out.push({
          subjectId: s.subjectId,
          name: s.name,
          status: s.status,
          publishAt: iso(s.publishAt),
          tongfen: s.tongfenAt !== null,
          xianyue: await repo.xianyue(s.subjectId),
          blockers: checks ? blockersOf(await checkCounts(d.db, d, s, 'all')) : [],
          canPublish: can(p, 'score.publish', scope),
        });
      }
      return out;
    },

    /**
     * 先阅后扫统分: the 打分栏 scores become the final block scores, every examinee's score is derived again
     * and, when scoreCheck finds nothing, the subject is published straight from 设置中 (nothing to mark).
     */
    async tongfen(subjectId: number, actor: Actor): Promise<ReviewTransitionResult> {
      if (!(await d.repo(d.db).xianyue(subjectId))) throw fail('notXianyueSubject');
      return d.subjects.transition(subjectId, 'xianyueTongfen', actor, {
        guard: async (tx, s) => {
          await d.stripScores(tx, s.id);
          await d.compute.examinees(tx, s.id, await d.repo(tx).examineeIds(s.examId));
          await assertChecked(tx, s);
        },
        after: async (tx, s) => {
          const repo = d.repo(tx);
          await repo.setTongfen(s.id, new Date());
          await repo.setPublishAt(s.id, null);
        },
      });
    },

    /** cancelXianyueTongfen: back to 设置中, so sheets can be rescanned or fixed and 统分 run again. */
    cancelTongfen: (subjectId: number, actor: Actor) =>
      d.subjects.transition(subjectId, 'xianyueTongfenCancel', actor, {
        guard: async (_tx, s) => {
          if (!s.tongfenAt) throw fail('notPublishedByXianyue');
        },
        after: (tx, s) => d.repo(tx).setTongfen(s.id, null),
      }),
  };
}
export type ScorePublishService = ReturnType<typeof scorePublishService>;

/** Registers the publish time's handler on the queue the API process keeps its timers in. */
export function registerPublishScheduleJob(queue: Jobs, publish: ScorePublishService): void {
  queue.register(PUBLISH_SCHEDULE_JOB, (payload) => publish.fire(payload));
}
