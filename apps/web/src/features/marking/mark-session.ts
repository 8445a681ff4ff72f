import type { MarkAnnotation, MarkSubmitResult, MarkTask } from '@yj/contracts';
import { errorText } from '../../api/classify-error';
import { isRecord } from '../../api/errors';
import { claimNeed, isRetryable, retryDelay, wantsNext } from './mark-queue';
import type { QuestionScore } from './score-fields';

/** The calls a sitting makes (the marking API of one block and type; a test passes its own). */
export interface SessionApi {
  claim: (count: number) => Promise<MarkTask[]>;
  submit: (
    taskId: number,
    body: {
      leaseToken: string;
      scores: QuestionScore[];
      marks: MarkAnnotation[];
      spentMs: number;
      next: boolean;
    },
  ) => Promise<MarkSubmitResult>;
  skip: (taskId: number, leaseToken: string) => Promise<unknown>;
  /** back to the pool without 跳过: the marker may get the paper again */
  release: (taskId: number, leaseToken: string) => Promise<unknown>;
  defer: (taskId: number, leaseToken: string) => Promise<unknown>;
}

export interface Outgoing {
  taskId: number;
  total: number;
  next: boolean;
  attempt: number;
}
/** A submit the server refused: shown to the marker with its score (never dropped silently). */
export interface Failure {
  taskId: number;
  total: number;
  message: string;
}

export interface SessionView {
  queue: readonly MarkTask[];
  sending: readonly Outgoing[];
  failures: readonly Failure[];
  claiming: boolean;
  claimError: string | null;
  /** nothing on screen, nothing coming, and the last claim gave nothing */
  empty: boolean;
  /** the server's count of this marker's submits, once a submit answered */
  done: number | null;
  submittedAt: readonly number[];
}

export interface Scored {
  task: MarkTask;
  scores: QuestionScore[];
  total: number;
  marks: MarkAnnotation[];
  spentMs: number;
}

const messageOf = (e: unknown) => (isRecord(e) ? errorText(e) : '提交失败');

/**
 * One marker's sitting on a block: the claimed papers (those on screen plus one spare), the submits in
 * flight (retried with the same lease token while the network fails) and the refused ones.
 */
export class MarkSession {
  private view: SessionView = {
    queue: [],
    sending: [],
    failures: [],
    // the first claim starts as the screen opens
    claiming: true,
    claimError: null,
    empty: false,
    done: null,
    submittedAt: [],
  };
  private claimRunning = false;
  private listeners = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly api: SessionApi,
    private readonly shown: number,
    private readonly preload: (url: string) => void,
    private readonly wait: (ms: number) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  get = (): SessionView => this.view;

  private set(patch: Partial<SessionView>) {
    this.view = { ...this.view, ...patch };
    for (const fn of this.listeners) fn();
  }

  private coming() {
    return this.view.sending.filter((o) => o.next).length;
  }

  private enqueue(tasks: MarkTask[]) {
    const queue = [...this.view.queue, ...tasks];
    // the papers beyond the screen load now, so they show at once when their turn comes
    queue.slice(this.shown).forEach((t) => this.preload(t.imageUrl));
    this.set({ queue, empty: false });
  }

  /** Claims what the screen and the spare lack. */
  async fill(): Promise<void> {
    if (this.closed || this.claimRunning) return;
    const need = claimNeed(this.view.queue.length, this.shown, this.coming());
    if (!need) return void (this.view.claiming && this.set({ claiming: false }));
    this.claimRunning = true;
    this.set({ claiming: true, claimError: null });
    try {
      const tasks = await this.api.claim(need).finally(() => (this.claimRunning = false));
      if (this.closed) return void (await this.release(tasks));
      this.enqueue(tasks);
      const empty = this.view.queue.length === 0 && this.coming() === 0;
      this.set({ claiming: false, empty });
    } catch (e) {
      this.set({ claiming: false, claimError: messageOf(e) });
    }
  }

  /** Sends the scored papers on screen; the next ones show at once from the queue. */
  submit(papers: Scored[]): void {
    const ids = new Set(papers.map((p) => p.task.taskId));
    const queue = this.view.queue.filter((t) => !ids.has(t.taskId));
    this.set({ queue });
    for (const p of papers) {
      const next = wantsNext(this.view.queue.length, this.shown, this.coming());
      const out: Outgoing = { taskId: p.task.taskId, total: p.total, next, attempt: 0 };
      this.set({ sending: [...this.view.sending, out] });
      void this.send(out, {
        leaseToken: p.task.leaseToken,
        scores: p.scores,
        marks: p.marks,
        spentMs: p.spentMs,
        next,
      });
    }
    void this.fill();
  }

  private drop(taskId: number, patch: Partial<SessionView> = {}) {
    this.set({ ...patch, sending: this.view.sending.filter((o) => o.taskId !== taskId) });
  }

  private async send(out: Outgoing, body: Parameters<SessionApi['submit']>[1]): Promise<void> {
    for (;;) {
      try {
        const res = await this.api.submit(out.taskId, body);
        // the papers of one screen are sent together and may answer out of order: the count never goes back
        const done = Math.max(this.view.done ?? 0, res.done);
        this.drop(out.taskId, { done, submittedAt: [...this.view.submittedAt, this.now()] });
        if (res.next && this.closed) await this.release([res.next]);
        else if (res.next) this.enqueue([res.next]);
        break;
      } catch (e) {
        // retried even after the screen closed: an acknowledged score must not depend on staying
        if (isRetryable(e)) {
          out.attempt += 1;
          this.set({ sending: this.view.sending.map((o) => (o.taskId === out.taskId ? { ...out } : o)) });
          await this.wait(retryDelay(out.attempt));
          continue;
        }
        const failure = { taskId: out.taskId, total: out.total, message: messageOf(e) };
        this.drop(out.taskId, { failures: [...this.view.failures, failure] });
        break;
      }
    }
    await this.fill();
  }

  /** Puts a paper back (跳过) or takes it off the screen after 问题卷. */
  remove(taskId: number, skip: boolean): void {
    const task = this.view.queue.find((t) => t.taskId === taskId);
    this.set({ queue: this.view.queue.filter((t) => t.taskId !== taskId) });
    if (task && skip) void this.api.skip(task.taskId, task.leaseToken).catch(() => undefined);
    void this.fill();
  }

  dismissFailure(taskId: number): void {
    this.set({ failures: this.view.failures.filter((f) => f.taskId !== taskId) });
  }

  /** A claim again after the pool was empty (另一位老师退回的试卷、新扫描的试卷). */
  refresh(): Promise<void> {
    this.set({ empty: false });
    return this.fill();
  }

  /** Extends the leases that end within five minutes (a paper left open during a break). */
  keepLeases(): void {
    const soon = this.now() + 5 * 60_000;
    for (const t of this.view.queue)
      if (Date.parse(t.leaseUntil) < soon) void this.api.defer(t.taskId, t.leaseToken).catch(() => undefined);
  }

  /** The screen shows: claim what it needs (again after a close, as React's strict mode does). */
  open(): void {
    this.closed = false;
    void this.fill();
  }

  /** Leaving the screen: the claimed papers go back to the pool at once instead of at the lease end. */
  close(): void {
    this.closed = true;
    const queue = this.view.queue;
    this.set({ queue: [] });
    void this.release(queue);
  }

  private async release(tasks: readonly MarkTask[]) {
    await Promise.all(tasks.map((t) => this.api.release(t.taskId, t.leaseToken).catch(() => undefined)));
  }
}
