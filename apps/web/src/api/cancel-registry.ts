import { DEFAULT_CANCEL_REASON } from './constants';
import { cancelledError } from './errors';

/**
 * The signal of the query whose function is being called right now (TanStack Query's, set by the query client
 * for the synchronous part of the call): a call started there is a read, and follows its query's cancellation.
 */
let currentRead: AbortSignal | null = null;

/** Runs a query's function with its signal as the current read: the calls it starts at once are reads. */
export function asRead<T>(signal: AbortSignal, fn: () => T): T {
  const outer = currentRead;
  currentRead = signal;
  try {
    return fn();
  } finally {
    currentRead = outer;
  }
}

/** The current query's signal while its function starts its calls, else null (a write, or a call of its own). */
export function readSignal(): AbortSignal | null {
  return currentRead;
}

/**
 * Pending calls, so that switching exam or subject can cancel what is still in flight (spec §7). Each entry
 * aborts its fetch with a cancelled marker as reason. Only reads (calls a query started) are ever cancelled:
 * a write in flight (a score, a save, an upload) always runs to its answer.
 */
export class CancelRegistry {
  private readonly pending = new Map<number, { controller: AbortController; read: boolean }>();
  private nextId = 1;

  /** Registers a controller (a read's, or not) and returns the key that removes it. */
  add(controller: AbortController, read = false): number {
    const id = this.nextId++;
    this.pending.set(id, { controller, read });
    return id;
  }

  remove(id: number): void {
    this.pending.delete(id);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Aborts every pending read; each rejects with the cancelled marker carrying `reason`. Writes go on. */
  cancelAll(reason: string = DEFAULT_CANCEL_REASON): number {
    const reads = [...this.pending].filter(([, e]) => e.read);
    for (const [id] of reads) this.pending.delete(id);
    for (const [, e] of reads) e.controller.abort(cancelledError(reason));
    return reads.length;
  }
}

/** The registry shared by every helper of this app. */
export const pendingCalls = new CancelRegistry();

/** Cancels all pending reads, never a write (default reason: switching exam or subject). */
export function cancelAllRequests(reason?: string): number {
  return pendingCalls.cancelAll(reason);
}
