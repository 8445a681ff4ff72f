import {
  next,
  operationLabel,
  SUBJECT_STATUS_LABELS,
  type ReviewDoneCheck,
  type ReviewManageSubject,
  type ReviewStartProblem,
  type ReviewTransitionResult,
  type SubjectOperation,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import { blocking, reviewStartProblems, startRefusal, type StartPorts } from './review-start-check';
import { assertAllows } from '../../lib/subject-state';
import type { subjectRepo } from './subject.repo';

/**
 * What marking plugs into the lifecycle. The task pool creates the tasks when marking starts (inside the
 * start's transaction, so a failure leaves the subject in its old state) and says what is left before
 * 阅卷完成. Without a pool: nothing is created and nothing is left.
 */
export interface ReviewHooks {
  onReviewStart(tx: Tx, subjectId: number): Promise<void>;
  doneCheck(subjectId: number): Promise<ReviewDoneCheck>;
  /** in 阅卷完成's transaction: the subject scores the marks left out of date are brought up to date */
  onReviewDone(tx: Tx, subjectId: number): Promise<void>;
}
const NO_HOOKS: ReviewHooks = {
  onReviewStart: async () => {},
  onReviewDone: async () => {},
  doneCheck: async () => ({ unmarked: 0, arbitration: 0, problems: 0 }),
};

/** Who moved the subject: a person, or the review schedule's job (audited without a user). */
export type TransitionActor = Actor | 'schedule';

type SubjectRow = NonNullable<Awaited<ReturnType<ReturnType<typeof subjectRepo>['lock']>>>;
interface TransitionSteps {
  /** refuses inside the transaction, with the row locked, before the state changes */
  guard?: (tx: Tx, s: SubjectRow) => Promise<void>;
  /** runs after the state changed, in the same transaction */
  after?: (tx: Tx, s: SubjectRow) => Promise<void>;
  /** what else the audit line should say (the reasons overridden, the schedule) */
  detail?: Record<string, unknown>;
}

/** One audit line about a subject; the schedule's job writes it without a user. */
export function recordSubject(
  audit: AuditService,
  tx: Db,
  action: string,
  s: { id: number; examId: number },
  actor: TransitionActor,
  detail: Record<string, unknown>,
): Promise<void> {
  const person = actor === 'schedule' ? null : actor;
  return audit.record(tx, {
    action,
    examId: s.examId,
    userId: person?.userId ?? null,
    ip: person?.ip ?? null,
    target: `subject:${s.id}`,
    detail: { subjectId: s.id, ...detail },
  });
}

export const leftOf = (c: ReviewDoneCheck): number => c.unmarked + c.arbitration + c.problems;
/** The refusal of 阅卷完成 while work is left: only the kinds that are left, with their counts. */
export function doneRefusal(c: ReviewDoneCheck): string {
  const parts = [
    c.unmarked ? `${c.unmarked} 份未阅` : '',
    c.arbitration ? `${c.arbitration} 份待仲裁` : '',
    c.problems ? `${c.problems} 份问题卷未处理` : '',
  ].filter(Boolean);
  return `还有${parts.join('、')}，不能完成阅卷`;
}

/** The subject lifecycle of DESIGN.md §3: every state change goes through `transition`. */
export function subjectService(d: {
  db: Db;
  repo: typeof subjectRepo;
  audit: AuditService;
  /** what 开始阅卷's reasons need of the scan and template modules */
  startPorts: StartPorts;
  hooks?: Partial<ReviewHooks>;
  /** after any state change, in its transaction (the message module's system messages) */
  onTransition?: (tx: Tx, subjectId: number, op: SubjectOperation) => Promise<void>;
}) {
  const hooks: ReviewHooks = { ...NO_HOOKS, ...d.hooks };

  /**
   * One audited transition: the subject row locked for update, the table's check (当前科目状态不允许此操作),
   * the operation's own guard, the new state, then the audit line — all in one transaction.
   */
  async function transition(
    subjectId: number,
    op: SubjectOperation,
    actor: TransitionActor,
    steps: TransitionSteps = {},
  ): Promise<ReviewTransitionResult> {
    return d.db.transaction(async (tx) => {
      const repo = d.repo(tx);
      const s = await repo.lock(subjectId);
      if (!s) throw fail('subjectNotFound');
      assertAllows(s.status, op);
      await steps.guard?.(tx, s);
      const status = next(s.status, op)!;
      await repo.setStatus(subjectId, status);
      await steps.after?.(tx, s);
      await d.onTransition?.(tx, subjectId, op);
      await recordSubject(d.audit, tx, `subject.${op}`, s, actor, {
        operation: operationLabel(op),
        by: actor === 'schedule' ? 'schedule' : 'user',
        before: { status: s.status, label: SUBJECT_STATUS_LABELS[s.status] },
        after: { status, label: SUBJECT_STATUS_LABELS[status] },
        ...steps.detail,
      });
      return { subjectId, status };
    });
  }

  async function find(subjectId: number) {
    const s = await d.repo(d.db).find(subjectId);
    if (!s) throw fail('subjectNotFound');
    return s;
  }

  return {
    transition,

    /**
     * 开始阅卷 from 设置中 or 试评: refused with every reason and its count (`data`); `force` starts although
     * some schools have not confirmed 扫描完成, and the audit line keeps what was overridden.
     */
    async start(subjectId: number, force: boolean, actor: TransitionActor) {
      const overridden: ReviewStartProblem[] = [];
      return transition(subjectId, 'reviewStart', actor, {
        guard: async (tx, s) => {
          const problems = await reviewStartProblems(tx, s, d.startPorts, d.repo);
          const left = blocking(problems, force);
          if (left.length) throw fail('reviewStartBlocked', { reason: startRefusal(problems) }, problems);
          overridden.push(...problems);
        },
        after: async (tx, s) => {
          // a manual start makes a pending start time moot
          await d.repo(tx).setSchedule(s.id, { reviewStartAt: null });
          await hooks.onReviewStart(tx, s.id);
        },
        detail: { overridden },
      });
    },

    pause: (subjectId: number, actor: TransitionActor) => transition(subjectId, 'reviewPause', actor),
    resume: (subjectId: number, actor: TransitionActor) => transition(subjectId, 'reviewResume', actor),

    /** review/done/check: what is left before 阅卷完成. */
    async doneCheck(subjectId: number): Promise<ReviewDoneCheck> {
      await find(subjectId);
      return hooks.doneCheck(subjectId);
    },

    /** 阅卷完成: refused while any paper is unmarked, in arbitration or a problem paper. */
    async done(subjectId: number, actor: TransitionActor) {
      return transition(subjectId, 'reviewDone', actor, {
        guard: async () => {
          const c = await hooks.doneCheck(subjectId);
          if (leftOf(c)) throw fail('reviewDoneBlocked', { reason: doneRefusal(c) }, c);
        },
        after: async (tx, s) => {
          await d.repo(tx).setSchedule(s.id, { reviewEndAt: null });
          await hooks.onReviewDone(tx, s.id);
        },
      });
    },

    doneCancel: (subjectId: number, actor: TransitionActor) =>
      transition(subjectId, 'reviewDoneCancel', actor),

    /** startReviewManage: every subject of the exam with its state and schedule. */
    async ofExam(examId: number): Promise<Array<Omit<ReviewManageSubject, 'canManage'>>> {
      return (await d.repo(d.db).ofExam(examId)).map((s) => ({
        ...s,
        reviewStartAt: s.reviewStartAt?.toISOString() ?? null,
        reviewEndAt: s.reviewEndAt?.toISOString() ?? null,
      }));
    },
  };
}
export type SubjectService = ReturnType<typeof subjectService>;
