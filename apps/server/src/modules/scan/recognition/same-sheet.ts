import { ScanPageStatus, type CardTemplate } from '@yj/contracts';
import { sameSheet } from '@yj/omr';
import type { Db } from '../../../infra/db';
import type { Storage } from '../../../infra/storage';
import type { PaperRow, scanRepo } from '../scan.repo';
import type { BlankPicture } from './scan-blanks';
import type { ManualAnchors, RecognizePool } from './scan-recognize';

// One sheet in two papers (DESIGN.md §4). Two sheets of a two-sided card pulled through together on a scanner
// without a double-feed sensor give the first sheet's front and the second's back: each card page once, one exam
// number, nothing for paper-pages.ts to see — the first student is scored on the second's back, and the second
// shows as not scanned. When that sheet is scanned again, its back is in two papers. A late paper — the sheets
// either side of it in exam-number order recognised in another batch, and lying there side by side, as a sheet
// missing from a pile in that order leaves them — has each of its pages compared, by ink print (packages/omr
// ink-print.ts), with the same card page of those neighbours' papers: the sheet fed with it lay next to it in the
// pile. A pile not in exam-number order is not checked (its papers' neighbours lie apart: measured, comparing them
// all made scanning four times slower); nor is a card without a picture of its pages, nor a page with too little
// writing.

/** A page of the paper being recognised that is also, as the same sheet scanned, in another paper. */
export interface SheetTwice {
  /** this paper's page, and its place among the paper's images */
  pageId: number;
  at: number;
  other: { paperId: number; batchId: number; pageId: number; at: number; kaohao: string };
}

/** A page of the paper being recognised, as the check needs it. */
export interface CheckedPage {
  pageId: number;
  /** the card page it registered as (null: not registered) */
  cardPage: number | null;
  storageKey: string;
  manual?: ManualAnchors;
}

export interface SameSheetDeps {
  db: Db;
  storage: Storage;
  pool: RecognizePool;
  repo: typeof scanRepo;
  blanksOf: (subjectId: number, card: CardTemplate) => Promise<BlankPicture[]>;
}

/** An examinee either side of the paper's exam number, with its live paper. */
export interface Neighbour {
  paperId: number;
  batchId: number;
  /** before the paper's exam number (else after it) */
  before: boolean;
}

/** The neighbours to compare with when the paper is late: every one recognised in another batch (pure); else none. */
export const lateAgainst = <N extends { batchId: number }>(batchId: number, neighbours: N[]): N[] =>
  neighbours.length > 0 && neighbours.every((n) => n.batchId !== batchId) ? neighbours : [];

/**
 * Whether the neighbours close the gap the paper's sheet left in a pile in exam-number order (pure): side by side in
 * their batch (`beside`: the live paper right after the one before, right before the one after), or, in two
 * batches, each at its batch's end towards the gap. Papers of a pile in another order lie apart.
 */
export function gapClosed(
  neighbours: Neighbour[],
  beside: { afterIt: number | null; beforeIt: number | null },
): boolean {
  const before = neighbours.find((n) => n.before);
  const after = neighbours.find((n) => !n.before);
  const together = before && after && before.batchId === after.batchId;
  return (
    (!before || beside.afterIt === (together ? after.paperId : null)) &&
    (!after || beside.beforeIt === (together ? before.paperId : null))
  );
}

export function sameSheetCheck(d: SameSheetDeps) {
  return async function check(
    p: PaperRow,
    kaohao: string | null,
    pages: CheckedPage[],
    card: CardTemplate,
  ): Promise<SheetTwice[]> {
    if (!kaohao || !pages.some((x) => x.cardPage !== null)) return [];
    // the pictures are read once per template version: a card without them costs nothing here
    const blanks = await d.blanksOf(p.subjectId, card);
    if (!blanks.length) return [];
    const r = d.repo(d.db);
    const late = lateAgainst(p.batchId, await r.kaohaoNeighbours(p.subjectId, p.schoolId, kaohao, p.id));
    if (!late.length) return [];
    const beside = await r.besidePapers({
      after: late.find((n) => n.before)?.paperId ?? null,
      before: late.find((n) => !n.before)?.paperId ?? null,
    });
    if (!gapClosed(late, beside)) return [];
    // each stored page printed once however many neighbours it is compared with
    const prints = new Map<string, Promise<Uint8Array | null>>();
    const printOf = (storageKey: string, manual?: ManualAnchors) => {
      let hit = prints.get(storageKey);
      if (!hit) {
        hit = d.storage
          .get(storageKey)
          .then((bytes) => (bytes ? d.pool.print(bytes, card, manual, blanks) : null));
        prints.set(storageKey, hit);
      }
      return hit;
    };
    const out: SheetTwice[] = [];
    for (const n of late) {
      const theirs = await r.pagesOf(n.paperId);
      for (const [at, mine] of pages.entries()) {
        const q = theirs.findIndex((x) => x.templatePage !== null && x.templatePage === mine.cardPage);
        const page = theirs[q];
        if (!page || (page.status !== ScanPageStatus.recognised && page.status !== ScanPageStatus.exception))
          continue;
        const a = await printOf(mine.storageKey, mine.manual);
        if (!a) continue;
        const b = await printOf(page.storageKey, page.result?.manual);
        if (!b || !sameSheet({ cells: a }, { cells: b })) continue;
        out.push({
          pageId: mine.pageId,
          at,
          other: { paperId: n.paperId, batchId: n.batchId, pageId: page.id, at: q, kaohao: n.kaohao },
        });
      }
    }
    return out;
  };
}
