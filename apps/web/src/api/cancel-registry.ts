import { DEFAULT_CANCEL_REASON } from './constants';
import { cancelledError } from './errors';

/**
 * Pending calls, so that switching exam or subject can cancel everything still in flight (spec §7).
 * Each entry aborts its fetch with a cancelled marker as reason.
 */
export class CancelRegistry {
  private readonly pending = new Map<number, AbortController>();
  private nextId = 1;

  /** Registers a controller and returns the key that removes it. */
  add(controller: AbortController): number {
    const id = this.nextId++;
    this.pending.set(id, controller);
    return id;
  }

  remove(id: number): void {
    this.pending.delete(id);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Aborts every pending call; each rejects with the cancelled marker carrying `reason`. */
  cancelAll(reason: string = DEFAULT_CANCEL_REASON): number {
    const controllers = [...this.pending.values()];
    this.pending.clear();
    for (const c of controllers) c.abort(cancelledError(reason));
    return controllers.length;
  }
}

/** The registry shared by every helper of this app. */
export const pendingCalls = new CancelRegistry();

/** Cancels all pending calls (default reason: switching exam or subject). */
export function cancelAllRequests(reason?: string): number {
  return pendingCalls.cancelAll(reason);
}
