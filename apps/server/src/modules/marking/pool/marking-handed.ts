import type { BlockRegion } from '@yj/contracts';
import { expiringMap } from '../../../lib/expiring-map';
import type { TaskPage, TaskRow } from './marking.repo';

/**
 * How long after a claim its image request is answered from what the claim read (the block's regions, the
 * paper's pages) instead of a statement. The marking screen asks for a claimed paper's image at once (it
 * preloads the next one) and its browser keeps the bytes 10 minutes anyway (the route's cache-control): a
 * minute changes nothing a marker could see, and a lease ended or handed back before falls to the statement.
 */
const ANSWER_MS = 60_000;
/** Claims remembered at most (the oldest dropped first: a miss only costs the statement). */
const MAX_REMEMBERED = 50_000;

interface Handed {
  userId: number;
  paperId: number;
  regions: BlockRegion[];
  pages: TaskPage[];
}

/**
 * The tasks this process handed out (issue 35: a marked paper in at most 4 round trips). The claim's statement
 * returns what the image request of the claimed paper reads, so that request needs no statement while the
 * marker still holds the lease here. A task handed back (skip, release, 问题卷) through this process is
 * forgotten at once; through another process, or reset by a leader, the image stays visible to the marker who
 * held it until its lease ends or a minute after the claim, as it does in their browser's cache.
 */
export function handedTasks() {
  // an entry answers until the lease's end or the claim's time + ANSWER_MS, whichever comes first, and is
  // dropped soon after (a submitted paper's claim does not linger until the map is full)
  const handed = expiringMap<number, Handed>({
    ttlMs: ANSWER_MS,
    max: MAX_REMEMBERED,
    now: () => Date.now(),
  });
  return {
    /** A claimed row with its regions and pages (rows read without them are not remembered). */
    remember(r: TaskRow): void {
      if (!r.regions || !r.pages || r.user_id === null || r.lease_until === null) return;
      const until = Math.min(new Date(r.lease_until).getTime(), handed.now() + ANSWER_MS);
      if (!Number.isFinite(until)) return;
      const entry = { userId: r.user_id, paperId: r.paper_id, regions: r.regions, pages: r.pages };
      handed.set(r.id, entry, until - ANSWER_MS);
    },
    /** What the image of the task needs, when this process handed it to the user and the time is not up. */
    imageOf(taskId: number, userId: number): Omit<Handed, 'userId'> | null {
      const h = handed.get(taskId);
      return h && h.userId === userId ? { paperId: h.paperId, regions: h.regions, pages: h.pages } : null;
    },
    forget: (taskId: number) => void handed.delete(taskId),
  };
}
