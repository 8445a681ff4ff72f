import type { BlockRegion } from '@yj/contracts';
import type { Db } from '../../../infra/db';
import {
  paperPages,
  pendingAfter as pending,
  pendingPapers,
  subjectBlockIds,
  subjectRegions,
} from './marking-cut-ahead.repo';
import type { TaskPage } from './marking.repo';

type PaperImage = (regions: BlockRegion[], paperId: number, pages?: TaskPage[]) => Promise<Buffer>;
/**
 * Several blocks of one paper cut and stored together, its pages decoded once; a cut stored already is only
 * looked for, not read (paper-image.service.ts `storeCuts`).
 */
type StoreCuts = (blocks: BlockRegion[][], paperId: number, pages?: TaskPage[]) => Promise<void>;

/** Papers cut ahead after each claim: the next ones of the pool, so their image request finds the cut stored. */
const AHEAD = 8;
/**
 * Cuts running at once in the background (after claims and the subject walks together): the image requests keep
 * the pool's other threads, and the rest of the machine.
 */
const CONCURRENCY = 1;
/** Cuts waiting: beyond this a claim's papers are not queued (the image request cuts them itself). */
const MAX_QUEUED = 64;
/** Cuts remembered as stored, so a paper is not queued twice (cleared when full). */
const MAX_REMEMBERED = 200_000;
/** Papers a subject's walk reads at a time: their ids, then the pages of those to cut, WALK_PAGE at a time. */
const WALK_IDS = 1024;
const WALK_PAGE = 64;

/**
 * Cutting ahead (issue 13): the first image request of a paper cut it on demand (seconds under load). After a
 * claim, the block images of the next pending papers are cut in the background, one at a time, off the request.
 * A cut is idempotent (stored under a key naming regions and pages); an image request for a paper being cut
 * waits for that cut instead of starting another. A failed cut is left to the image request, which reports it.
 */
export function cutAhead(d: { db: Db; paperImage: PaperImage; storeCuts?: StoreCuts }) {
  /** cuts under way: an image request's (its bytes) or a background one's (stored, no bytes) */
  const running = new Map<string, Promise<Buffer | void>>();
  const stored = new Set<string>();
  /** a paper and the regions of its blocks still to cut (every block of the subject: one decode for all) */
  const queue: { keys: string[]; blocks: BlockRegion[][]; paperId: number; pages: TaskPage[] }[] = [];
  let busy = 0;
  let waiters: (() => void)[] = [];
  /** walks waiting for the background slot (the after-claim queue goes first: its papers are claimed next) */
  const walkers: (() => void)[] = [];
  /**
   * Per block, a pool position halfway through the papers the last look-up queued: claims before it find their
   * papers queued already, so the look-up (a statement per claim) runs again only past it.
   */
  const lookAgainAt = new Map<number, number>();
  const keyOf = (regions: BlockRegion[], paperId: number) => `${paperId}:${JSON.stringify(regions)}`;

  /** A cut under way: joined by image requests of the same paper and regions, remembered once stored. */
  function track<T extends Buffer | void>(key: string, p: Promise<T>): Promise<T> {
    const q = p.finally(() => running.delete(key));
    running.set(key, q);
    void q.then(
      () => {
        if (stored.size >= MAX_REMEMBERED) stored.clear();
        stored.add(key);
      },
      () => undefined,
    );
    return q;
  }

  /**
   * The cut of one paper: when a cut of the same regions is under way, after it (its bytes, or read once a
   * background cut stored them; a failed one is tried again here, so the request reports its own error).
   * `pages`: the paper's pages as the caller read them (else the cutter reads them).
   */
  function image(regions: BlockRegion[], paperId: number, pages?: TaskPage[]): Promise<Buffer> {
    const key = keyOf(regions, paperId);
    const under = running.get(key);
    const again = () => d.paperImage(regions, paperId, pages);
    if (under) return under.then((b) => b ?? again(), again);
    return track(key, again());
  }

  /** Several blocks of a paper cut in the background (one decode, no stored bytes read) when the cutter offers it. */
  function images(blocks: BlockRegion[][], paperId: number, pages: TaskPage[]): Promise<unknown> {
    if (!d.storeCuts) return Promise.all(blocks.map((r) => image(r, paperId, pages)));
    const all = d.storeCuts(blocks, paperId, pages);
    for (const r of blocks) void track(keyOf(r, paperId), all).catch(() => undefined);
    return all;
  }

  function pump(): void {
    if (!busy && !queue.length) {
      waiters.forEach((w) => w());
      waiters = [];
    }
    if (busy < CONCURRENCY && !queue.length && walkers.length) {
      busy++;
      walkers.shift()!();
    }
    while (busy < CONCURRENCY && queue.length) {
      const next = queue.shift()!;
      busy++;
      void images(next.blocks, next.paperId, next.pages)
        .catch(() => undefined)
        .finally(() => {
          busy--;
          pump();
        });
    }
  }

  /**
   * The block's papers with a pending first mark after a pool position, in pool order along the pool index,
   * each with the regions of every framed block of its subject (a paper's pages are decoded once for all).
   * The look-up after a claim and the subject walk both read the pool through here.
   */
  const pendingAfter = (blockId: number, afterPos: number, limit: number) =>
    pending(d.db, blockId, afterPos, limit);

  async function queueAfter(blockId: number, lastPos: number): Promise<void> {
    if (lastPos < (lookAgainAt.get(blockId) ?? 0)) return;
    const rows = await pendingAfter(blockId, lastPos, AHEAD);
    // a short answer: the pool's end is near, every claim looks again
    if (rows.length === AHEAD) lookAgainAt.set(blockId, rows[AHEAD / 2]!.pool_pos);
    else lookAgainAt.delete(blockId);
    for (const r of rows) {
      const left = r.blocks.filter((regions) => {
        const key = keyOf(regions, r.paper_id);
        return !stored.has(key) && !running.has(key) && !queue.some((q) => q.keys.includes(key));
      });
      if (!left.length) continue;
      if (queue.length >= MAX_QUEUED) break;
      queue.push({
        keys: left.map((x) => keyOf(x, r.paper_id)),
        blocks: left,
        paperId: r.paper_id,
        pages: r.pages,
      });
    }
    pump();
  }

  /** Subjects being walked: one walk per subject at a time. */
  const walking = new Set<number>();

  /**
   * Every paper of a reviewing subject that still has a pending first mark, in the order markers claim them,
   * each cut (all its blocks, one decode) on the pool one after another. Papers cut or being cut are passed
   * over: the walk soon runs ahead of the markers, whose image requests then only read stored bytes. Walked
   * block by block along the pool index, a page at a time from the last position: grouping the subject's
   * pending tasks by paper read all of them for every page (37 ms a page at 20,000 papers, growing with the
   * subject). A paper met again in a later block is passed over in memory (its cuts are stored). A page of the
   * pool is read as ids, 1,024 at a time, and the pages only of papers with a cut to make (issue 35): the
   * minute's walk of a subject cut already read every pending paper's pages as json again, 940 statements
   * back to back and 60,000 rows a minute at 20,000 papers and 3 blocks, beside the markers' submits.
   */
  async function walk(subjectId: number): Promise<void> {
    for (const blockId of await subjectBlockIds(d.db, subjectId)) {
      const blocks = await subjectRegions(d.db, subjectId);
      if (!blocks.length) return;
      let after = 0;
      for (;;) {
        const rows = await pendingPapers(d.db, blockId, after, WALK_IDS);
        if (!rows.length) break;
        after = rows[rows.length - 1]!.pool_pos;
        const todo = rows.filter((r) => missing(r.paper_id, blocks).length);
        for (let i = 0; i < todo.length; i += WALK_PAGE) {
          const part = todo.slice(i, i + WALK_PAGE);
          const pages = await paperPages(
            d.db,
            part.map((r) => r.paper_id),
          );
          for (const r of part) await cutInTurn(r.paper_id, blocks, pages.get(r.paper_id) ?? []);
        }
      }
    }
  }

  /** The blocks of a paper whose cut is neither stored nor under way. */
  const missing = (paperId: number, blocks: BlockRegion[][]) =>
    blocks.filter((regions) => {
      const key = keyOf(regions, paperId);
      return !stored.has(key) && !running.has(key);
    });

  /** One paper's missing cuts, in the background slot when its turn comes (after the cuts queued by claims). */
  async function cutInTurn(paperId: number, blocks: BlockRegion[][], pages: TaskPage[]): Promise<void> {
    const todo = () => missing(paperId, blocks);
    if (!todo().length) return;
    // the background slot, shared with the cuts queued after claims (they go first: claimed next)
    await new Promise<void>((res) => {
      walkers.push(res);
      pump();
    });
    // an image request may have cut the paper while the walk waited
    const left = todo();
    await (left.length ? images(left, paperId, pages) : Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        busy--;
        pump();
      });
  }

  return {
    image,
    /**
     * Cuts the subject's papers ahead of its markers, in the background (at 开始阅卷, and on each pass of the
     * marking jobs for papers scanned since); a walk already running for the subject is not started twice.
     */
    subject(subjectId: number): void {
      if (walking.has(subjectId)) return;
      walking.add(subjectId);
      void walk(subjectId)
        .catch(() => undefined)
        .finally(() => walking.delete(subjectId));
    },
    /** Resolves when no walk is running (tests). */
    async walked(): Promise<void> {
      while (walking.size) await new Promise((res) => setTimeout(res, 10));
    },
    /**
     * After a claim in the block up to that pool position (the task's pool_pos, today its id): queues the next
     * papers (resolves once queued, never fails). Read along the pool index: by id, the planner sorted every
     * pending task of the block (20 ms at 20,000 papers).
     */
    after(blockId: number, lastPos: number): Promise<void> {
      return queueAfter(blockId, lastPos).catch(() => undefined);
    },
    /** Resolves when no cut is running or queued. */
    idle(): Promise<void> {
      if (!busy && !queue.length) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
export type CutAhead = ReturnType<typeof cutAhead>;
