/** One answer as the device holds it: the value and its revision (counted per question). */
export interface HeldAnswer {
  value: string;
  rev: number;
}

/** What a send ends in: stored (with the revision the server keeps), refused for good, or to try again. */
export type SendOutcome = { kind: 'saved'; rev: number } | { kind: 'closed' } | { kind: 'retry' };

/** Where unsent answers wait across a reload or a closed tab (localStorage in the browser). */
export interface AnswerStore {
  read(): Record<string, HeldAnswer>;
  write(pending: Record<string, HeldAnswer>): void;
}

export type QueueStatus = 'saved' | 'saving' | 'offline' | 'closed';

/**
 * 在线考试's answers on the device (issue 34): every change is held locally at once (a reload, a closed tab
 * or a dropped network loses nothing) and sent to the server by question; an answer leaves the queue only
 * once the server has stored that revision or a later one. Sends are one at a time and idempotent by
 * question and revision, so a resend after a drop changes nothing stored.
 */
export class AnswerQueue {
  private pending: Record<string, HeldAnswer>;
  private revs: Record<string, number> = {};
  private sending = false;
  private status: QueueStatus = 'saved';

  constructor(
    private readonly store: AnswerStore,
    private readonly send: (no: string, a: HeldAnswer) => Promise<SendOutcome>,
    private readonly onStatus: (s: QueueStatus, unsent: number) => void = () => {},
  ) {
    this.pending = store.read();
  }

  /** The server's answers merged with the unsent ones held here (a held answer is newer). */
  resume(server: { no: string; value: string; rev: number }[]): Record<string, string> {
    const values: Record<string, string> = {};
    for (const a of server) {
      values[a.no] = a.value;
      this.revs[a.no] = a.rev;
    }
    for (const [no, a] of Object.entries(this.pending)) {
      if (a.rev > (this.revs[no] ?? -1)) values[no] = a.value;
      else delete this.pending[no];
      this.revs[no] = Math.max(this.revs[no] ?? 0, a.rev);
    }
    this.store.write(this.pending);
    return values;
  }

  /** A changed answer: held at once with the next revision of its question. */
  set(no: string, value: string): void {
    const rev = (this.revs[no] ?? 0) + 1;
    this.revs[no] = rev;
    this.pending[no] = { value, rev };
    this.store.write(this.pending);
    if (this.status !== 'closed') this.report('saving');
  }

  unsent(): number {
    return Object.keys(this.pending).length;
  }

  /** Sends what is held, one answer at a time; stops at the first that must wait for the network. */
  async flush(): Promise<QueueStatus> {
    if (this.sending || this.status === 'closed') return this.status;
    this.sending = true;
    try {
      for (;;) {
        const next = Object.entries(this.pending)[0];
        if (!next) {
          this.report('saved');
          return this.status;
        }
        const [no, a] = next;
        const out = await this.send(no, a);
        if (out.kind === 'retry') {
          this.report('offline');
          return this.status;
        }
        if (out.kind === 'closed') {
          this.report('closed');
          return this.status;
        }
        // a later change made while this one was in flight stays held
        if (this.pending[no] && this.pending[no].rev <= out.rev) delete this.pending[no];
        this.store.write(this.pending);
      }
    } finally {
      this.sending = false;
    }
  }

  private report(s: QueueStatus): void {
    this.status = s;
    this.onStatus(s, this.unsent());
  }
}

/** The browser's store of one student's unsent answers of one exam. */
export function localAnswerStore(key: string): AnswerStore {
  return {
    read: () => {
      try {
        const v: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
        return typeof v === 'object' && v !== null ? (v as Record<string, HeldAnswer>) : {};
      } catch {
        return {};
      }
    },
    write: (pending) => {
      if (Object.keys(pending).length) localStorage.setItem(key, JSON.stringify(pending));
      else localStorage.removeItem(key);
    },
  };
}
