import { sql } from 'drizzle-orm';
import { MarkSlot, type BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { rowsOf } from './marking-final';

type PaperImage = (regions: BlockRegion[], paperId: number) => Promise<Buffer>;

/** Papers cut ahead after each claim: the next ones of the pool, so their image request finds the cut stored. */
const AHEAD = 8;
/** Cuts running at once in the background: the requests keep the rest of the machine. */
const CONCURRENCY = 1;
/** Cuts waiting: beyond this a claim's papers are not queued (the image request cuts them itself). */
const MAX_QUEUED = 64;
/** Cuts remembered as stored, so a paper is not queued twice (cleared when full). */
const MAX_REMEMBERED = 20_000;

/**
 * Cutting ahead (issue 13): the first image request of a paper cut it on demand (seconds under load). After a
 * claim, the block images of the next pending papers are cut in the background, one at a time, off the request.
 * A cut is idempotent (stored under a key naming regions and pages); an image request for a paper being cut
 * waits for that cut instead of starting another. A failed cut is left to the image request, which reports it.
 */
export function cutAhead(d: { db: Db; paperImage: PaperImage }) {
  const running = new Map<string, Promise<Buffer>>();
  const stored = new Set<string>();
  const queue: { key: string; regions: BlockRegion[]; paperId: number }[] = [];
  let busy = 0;
  let waiters: (() => void)[] = [];
  /**
   * Per block, a task id halfway through the papers the last look-up queued: claims before it find their
   * papers queued already, so the look-up (a statement per claim) runs again only past it.
   */
  const lookAgainAt = new Map<number, number>();
  const keyOf = (regions: BlockRegion[], paperId: number) => `${paperId}:${JSON.stringify(regions)}`;

  /** The cut of one paper: the running one when a cut of the same regions is under way. */
  function image(regions: BlockRegion[], paperId: number): Promise<Buffer> {
    const key = keyOf(regions, paperId);
    const now = running.get(key);
    if (now) return now;
    const p = d.paperImage(regions, paperId).finally(() => running.delete(key));
    running.set(key, p);
    void p.then(
      () => {
        if (stored.size >= MAX_REMEMBERED) stored.clear();
        stored.add(key);
      },
      () => undefined,
    );
    return p;
  }

  function pump(): void {
    if (!busy && !queue.length) {
      waiters.forEach((w) => w());
      waiters = [];
    }
    while (busy < CONCURRENCY && queue.length) {
      const next = queue.shift()!;
      busy++;
      void image(next.regions, next.paperId)
        .catch(() => undefined)
        .finally(() => {
          busy--;
          pump();
        });
    }
  }

  async function queueAfter(blockId: number, lastTaskId: number): Promise<void> {
    if (lastTaskId < (lookAgainAt.get(blockId) ?? 0)) return;
    const rows = rowsOf<{ id: number; paper_id: number; regions: BlockRegion[] }>(
      await d.db.execute(sql`select t.id, t.paper_id, b.regions from mark_task t join block b on b.id = t.block_id
        where t.block_id = ${blockId} and t.slot = ${MarkSlot.first} and t.status = 'pending'
          and t.id > ${lastTaskId}
        order by t.id limit ${AHEAD}`),
    );
    // a short answer: the pool's end is near, every claim looks again
    if (rows.length === AHEAD) lookAgainAt.set(blockId, rows[AHEAD / 2]!.id);
    else lookAgainAt.delete(blockId);
    for (const r of rows) {
      if (!r.regions.length) return;
      const key = keyOf(r.regions, r.paper_id);
      if (stored.has(key) || running.has(key) || queue.some((q) => q.key === key)) continue;
      if (queue.length >= MAX_QUEUED) break;
      queue.push({ key, regions: r.regions, paperId: r.paper_id });
    }
    pump();
  }

  return {
    image,
    /** After a claim in the block up to that task: queues the next papers (resolves once queued, never fails). */
    after(blockId: number, lastTaskId: number): Promise<void> {
      return queueAfter(blockId, lastTaskId).catch(() => undefined);
    },
    /** Resolves when no cut is running or queued. */
    idle(): Promise<void> {
      if (!busy && !queue.length) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
export type CutAhead = ReturnType<typeof cutAhead>;
