import type { BlockRegion } from '@yj/contracts';
import type { TaskPage, TaskRow } from './marking.repo';

/**
 * How long after a claim its image request is answered from what the claim read (the block's regions, the
 * paper's pages) instead of a statement. The marking screen asks for a claimed paper's image at once (it
 * preloads the next one) and its browser keeps the bytes 10 minutes anyway (the route's cache-control): a
 * minute changes nothing a marker could see, and a lease ended or handed back before falls to the statement.
 */
const ANSWER_MS = 60_000;
/** Claims remembered at most (cleared when full: a miss only costs the statement). */
const MAX_REMEMBERED = 50_000;

interface Handed {
  userId: number;
  paperId: number;
  regions: BlockRegion[];
  pages: TaskPage[];
  /** epoch ms: the lease's end or the claim's time + ANSWER_MS, whichever comes first */
  until: number;
}

/**
 * The tasks this process handed out (issue 35: a marked paper in at most 4 round trips). The claim's statement
 * returns what the image request of the claimed paper reads, so that request needs no statement while the
 * marker still holds the lease here. A task handed back (skip, release, 问题卷) through this process is
 * forgotten at once; through another process, or reset by a leader, the image stays visible to the marker who
 * held it until `until`, as it does in their browser's cache.
 */
export function handedTasks() {
  const handed = new Map<number, Handed>();
  return {
    /** A claimed row with its regions and pages (rows read without them are not remembered). */
    remember(r: TaskRow): void {
      if (!r.regions || !r.pages || r.user_id === null || r.lease_until === null) return;
      const until = Math.min(new Date(r.lease_until).getTime(), Date.now() + ANSWER_MS);
      if (!Number.isFinite(until)) return;
      if (handed.size >= MAX_REMEMBERED) handed.clear();
      handed.set(r.id, { userId: r.user_id, paperId: r.paper_id, regions: r.regions, pages: r.pages, until });
    },
    /** What the image of the task needs, when this process handed it to the user and the time is not up. */
    imageOf(taskId: number, userId: number): Omit<Handed, 'userId' | 'until'> | null {
      const h = handed.get(taskId);
      if (!h) return null;
      if (Date.now() >= h.until) {
        handed.delete(taskId);
        return null;
      }
      return h.userId === userId ? { paperId: h.paperId, regions: h.regions, pages: h.pages } : null;
    },
    forget: (taskId: number) => void handed.delete(taskId),
  };
}
