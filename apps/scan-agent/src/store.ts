import type { BatchEntry, JournalEntry, PageEntry } from './journal';
import type { LocalCheck } from './recognize';

/** A page as the agent knows it: scanned, maybe checked locally, maybe acknowledged by the server. */
export interface PageState extends PageEntry {
  check: LocalCheck | null;
  uploaded: boolean;
  serverBatchId: number | null;
}

/** The journal replayed into memory: batches and pages in scan order, and what is still to upload. */
export class ScanStore {
  readonly batches = new Map<number, BatchEntry>();
  readonly pages: PageState[] = [];
  /** local batch → the server batch its uploads continue (the latest the server acknowledged for it) */
  readonly serverBatches = new Map<number, number>();
  private readonly bySeq = new Map<number, PageState>();
  private readonly hashes = new Set<string>();

  constructor(entries: JournalEntry[] = []) {
    for (const e of entries) this.apply(e);
  }

  apply(e: JournalEntry): void {
    switch (e.t) {
      case 'batch':
        this.batches.set(e.id, e);
        return;
      case 'page': {
        if (this.bySeq.has(e.seq)) return;
        const p: PageState = { ...e, check: null, uploaded: false, serverBatchId: null };
        this.pages.push(p);
        this.bySeq.set(e.seq, p);
        this.hashes.add(this.hashKey(e.batch, e.sha256));
        return;
      }
      case 'recognised': {
        const p = this.bySeq.get(e.seq);
        if (p) p.check = e.check;
        return;
      }
      case 'uploaded':
        for (const seq of e.seqs) {
          const p = this.bySeq.get(seq);
          if (!p) continue;
          p.uploaded = true;
          p.serverBatchId = e.serverBatchId;
          this.serverBatches.set(p.batch, e.serverBatchId);
        }
        return;
    }
  }

  private hashKey(batch: number, sha256: string): string {
    return `${this.batches.get(batch)?.subjectId ?? 0}:${sha256}`;
  }

  /** Whether this content was already scanned for the subject of `batch` (the same file seen again). */
  known(batch: number, sha256: string): boolean {
    return this.hashes.has(this.hashKey(batch, sha256));
  }

  page(seq: number): PageState | undefined {
    return this.bySeq.get(seq);
  }

  nextSeq(): number {
    return (this.pages.at(-1)?.seq ?? 0) + 1;
  }

  nextBatchId(): number {
    return Math.max(0, ...this.batches.keys()) + 1;
  }

  pagesOf(batch: number): PageState[] {
    return this.pages.filter((p) => p.batch === batch);
  }

  /** Pages not yet acknowledged by the server, in scan order. */
  pending(): PageState[] {
    return this.pages.filter((p) => !p.uploaded);
  }
}
