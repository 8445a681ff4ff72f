import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { LocalCheck } from './recognize';

/** A local batch: the pages scanned for one subject and school since the scanner was set to them. */
export interface BatchEntry {
  t: 'batch';
  id: number;
  subjectId: number;
  schoolId: number | null;
  at: string;
}

/** A scanned page, stored in the data dir before this line is written. */
export interface PageEntry {
  t: 'page';
  seq: number;
  batch: number;
  sha256: string;
  /** file under the data dir's pages/ folder */
  file: string;
  /** name the scanner gave it */
  name: string;
  at: string;
}

export interface RecognisedEntry {
  t: 'recognised';
  seq: number;
  check: LocalCheck;
}

/** Pages the server acknowledged (stored and recorded there). */
export interface UploadedEntry {
  t: 'uploaded';
  seqs: number[];
  serverBatchId: number;
  accepted: number;
  duplicates: number;
  at: string;
}

export type JournalEntry = BatchEntry | PageEntry | RecognisedEntry | UploadedEntry;

/**
 * Append-only JSON-lines log of everything the agent must not forget (DESIGN: survives a restart).
 * Each line is written and fsynced before the step it records counts as done; a torn last line (a crash
 * mid-write) is ignored on replay.
 */
export class Journal {
  private chain: Promise<void> = Promise.resolve();

  private constructor(private readonly fh: FileHandle) {}

  /** Opens (or creates) the journal in `dir` and returns it with the entries already recorded. */
  static async open(dir: string): Promise<{ journal: Journal; entries: JournalEntry[] }> {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'journal.jsonl');
    const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    const entries: JournalEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        // torn write of the last line before a crash: that step never counted as done
      }
    }
    const fh = await open(file, 'a');
    // A torn line has no newline: start on a fresh one so the next entry parses.
    if (text.length > 0 && !text.endsWith('\n')) await fh.write('\n');
    return { journal: new Journal(fh), entries };
  }

  /** Appends one entry durably; appends are serialised in call order. */
  append(entry: JournalEntry): Promise<void> {
    const next = this.chain.then(async () => {
      await this.fh.write(`${JSON.stringify(entry)}\n`);
      await this.fh.datasync();
    });
    this.chain = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    await this.chain;
    await this.fh.close();
  }
}
