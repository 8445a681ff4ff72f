import { NETWORK_ERROR_CODE } from '../../api/constants';
import { isRecord } from '../../api/errors';

/** One spare claimed paper is kept beyond those on screen, so the next shows at once after a submit. */
export const SPARE = 1;
/** The most the claim route gives in one call (MULTI_MARK_MAX). */
const CLAIM_MAX = 4;

/** How many more papers to claim now (0..4): what the screen plus the spare lacks, minus those coming. */
export function claimNeed(queued: number, shown: number, coming: number): number {
  return Math.max(0, Math.min(CLAIM_MAX, shown + SPARE - queued - coming));
}

/** Whether a submit should also claim the following paper (`next: true`): only while the queue lacks one. */
export function wantsNext(queuedAfter: number, shown: number, coming: number): boolean {
  return queuedAfter + coming < shown + SPARE;
}

/**
 * A submit worth sending again with the same lease token: no answer at all, or the server or a proxy
 * failing (5xx). A refusal of the envelope (code 1) will not change and is shown instead.
 */
export function isRetryable(e: unknown): boolean {
  if (!isRecord(e) || e.cancelled === true) return false;
  if (e.code === NETWORK_ERROR_CODE) return true;
  // an HttpError carries the status as code and no message
  return (
    typeof e.code === 'number' && !('message' in e) && (e.code >= 500 || e.code === 408 || e.code === 429)
  );
}

/** Wait before the nth retry (1, 2, 4, 8 s, then every 10 s): never gives up while the screen is open. */
export function retryDelay(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
