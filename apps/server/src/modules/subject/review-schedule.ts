import {
  allows,
  SUBJECT_STATE_FORBIDS,
  type ReviewScheduleInput,
  type ReviewScheduleResult,
} from '@yj/contracts';
import { AppError, fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { JobPayload, Jobs } from '../../infra/jobs';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import { leftOf, recordSubject, type SubjectService } from './subject.service';
import type { subjectRepo, ScheduleKind } from './subject.repo';

export const REVIEW_SCHEDULE_JOB = 'subject.reviewSchedule';
type SchedulePayload = JobPayload<typeof REVIEW_SCHEDULE_JOB>;
/** What a fired schedule did (tests and logs). */
export type FireOutcome = 'started' | 'done' | 'paused' | 'refused' | 'skipped';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toDate = (v: string | null): Date | null => (v === null ? null : new Date(v));
const column = (kind: ScheduleKind) => (kind === 'start' ? 'reviewStartAt' : 'reviewEndAt');
// an end time makes sense until marking is finished
const mayEnd = (status: number) => allows(status, 'reviewStart') || allows(status, 'reviewDone');

/**
 * review/schedule: a start or end time of marking kept on the subject and fired by a delayed job. The job
 * reads the subject again: a time moved, cleared or already acted on does nothing (idempotent). At the end
 * time a subject with nothing left is finished; otherwise marking is paused, so nobody marks past the
 * deadline and the manager decides. On server start, times that passed while it was down fire at once.
 */
export function reviewScheduleService(d: {
  db: Db;
  repo: typeof subjectRepo;
  audit: AuditService;
  queue: Jobs;
  subjects: SubjectService;
}) {
  /** `again`: armed anew by a timer that fired before its time (a job id of its own: the first is spent). */
  async function arm(subjectId: number, kind: ScheduleKind, at: Date, again?: Date): Promise<void> {
    await d.queue.enqueue(
      REVIEW_SCHEDULE_JOB,
      { subjectId, kind, at: at.getTime() } satisfies SchedulePayload,
      {
        jobId: `${subjectId}:${kind}:${at.getTime()}${again ? `:${again.getTime()}` : ''}`,
        delayMs: Math.max(0, at.getTime() - Date.now()),
      },
    );
  }

  /** Clears a fired (or no longer possible) time and says why in the audit log. */
  async function settle(subjectId: number, kind: ScheduleKind, at: Date, detail: object): Promise<void> {
    await d.db.transaction(async (tx) => {
      const repo = d.repo(tx);
      const s = await repo.lock(subjectId);
      if (!s || s[column(kind)]?.getTime() !== at.getTime()) return;
      await repo.setSchedule(subjectId, { [column(kind)]: null });
      await recordSubject(d.audit, tx, 'subject.reviewSchedule.fired', s, 'schedule', {
        kind,
        at: at.toISOString(),
        ...detail,
      });
    });
  }

  async function fireStart(subjectId: number, at: Date): Promise<FireOutcome> {
    try {
      await d.subjects.start(subjectId, false, 'schedule');
      return 'started';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await settle(subjectId, 'start', at, { refused: err.message, problems: err.data });
      return 'refused';
    }
  }

  async function fireEnd(subjectId: number, status: number, at: Date): Promise<FireOutcome> {
    const left = await d.subjects.doneCheck(subjectId);
    try {
      if (!leftOf(left)) {
        await d.subjects.done(subjectId, 'schedule');
        return 'done';
      }
      if (allows(status, 'reviewPause')) {
        await d.subjects.transition(subjectId, 'reviewPause', 'schedule', {
          after: (tx) => d.repo(tx).setSchedule(subjectId, { reviewEndAt: null }),
          detail: { left },
        });
        return 'paused';
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    await settle(subjectId, 'end', at, { left });
    return 'refused';
  }

  /** The job: acts only when the subject still has this time set and it has come. */
  async function fire(payload: SchedulePayload, now = new Date()): Promise<FireOutcome> {
    const { subjectId, kind } = payload;
    const s = await d.repo(d.db).find(subjectId);
    const at = s?.[column(kind)];
    if (!s || !at) return 'skipped';
    if (at.getTime() > now.getTime()) {
      // its own time not come yet: the timer fired early (score-publish.service.ts `fire` says why); armed again
      if (payload.at === at.getTime()) await arm(subjectId, kind, at, now);
      return 'skipped';
    }
    const possible = kind === 'start' ? allows(s.status, 'reviewStart') : mayEnd(s.status);
    if (!possible) {
      await settle(subjectId, kind, at, { refused: SUBJECT_STATE_FORBIDS });
      return 'skipped';
    }
    return kind === 'start' ? fireStart(subjectId, at) : fireEnd(subjectId, s.status, at);
  }

  return {
    fire,

    /** Sets or clears the times (null clears, a field left out stays); refused for a time already past. */
    async schedule(
      subjectId: number,
      input: ReviewScheduleInput,
      actor: Actor,
    ): Promise<ReviewScheduleResult> {
      if (input.startAt === undefined && input.endAt === undefined) throw fail('scheduleTimeRequired');
      const saved = await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const s = await repo.lock(subjectId);
        if (!s) throw fail('subjectNotFound');
        const now = Date.now();
        const startAt = input.startAt === undefined ? s.reviewStartAt : toDate(input.startAt);
        const endAt = input.endAt === undefined ? s.reviewEndAt : toDate(input.endAt);
        if (input.startAt && !allows(s.status, 'reviewStart')) throw fail('subjectStateForbids');
        if (input.endAt && !mayEnd(s.status)) throw fail('subjectStateForbids');
        if (input.startAt && startAt!.getTime() <= now) throw fail('startTimeNotFuture');
        if (input.endAt && endAt!.getTime() <= now) throw fail('endTimeNotFuture');
        if (startAt && endAt && endAt <= startAt) throw fail('endBeforeStart');
        await repo.setSchedule(subjectId, { reviewStartAt: startAt, reviewEndAt: endAt });
        await recordSubject(d.audit, tx, 'subject.reviewSchedule', s, actor, {
          before: { reviewStartAt: iso(s.reviewStartAt), reviewEndAt: iso(s.reviewEndAt) },
          after: { reviewStartAt: iso(startAt), reviewEndAt: iso(endAt) },
        });
        return { startAt, endAt };
      });
      // armed after the commit: a job that ran before it would find the old times
      if (input.startAt && saved.startAt) await arm(subjectId, 'start', saved.startAt);
      if (input.endAt && saved.endAt) await arm(subjectId, 'end', saved.endAt);
      return { reviewStartAt: iso(saved.startAt), reviewEndAt: iso(saved.endAt) };
    },

    /** On server start: times that passed while it was down fire now, later ones are armed again. */
    async resume(now = new Date()): Promise<FireOutcome[]> {
      const fired: FireOutcome[] = [];
      for (const s of await d.repo(d.db).scheduled()) {
        for (const kind of ['start', 'end'] as const) {
          const at = s[column(kind)];
          if (!at) continue;
          if (at.getTime() <= now.getTime()) fired.push(await fire({ subjectId: s.id, kind }, now));
          else await arm(s.id, kind, at);
        }
      }
      return fired;
    },
  };
}
export type ReviewScheduleService = ReturnType<typeof reviewScheduleService>;

/** Registers the job's handler on the queue (the api process and workers alike). */
export function registerReviewScheduleJob(queue: Jobs, schedule: ReviewScheduleService): void {
  queue.register(REVIEW_SCHEDULE_JOB, (payload) => schedule.fire(payload));
}
