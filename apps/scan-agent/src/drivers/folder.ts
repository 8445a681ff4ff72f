import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ScanCode, SCAN_MESSAGES } from '../codes';
import { looksComplete } from './complete';
import {
  IMAGE_EXT,
  naturalOrder,
  TEMP_NAME,
  type DriverStatus,
  type ScanDriver,
  type ScannedImage,
} from './driver';

interface Tracked {
  name: string;
  size: number;
  mtimeMs: number;
  /** polls in a row the size and time stayed the same */
  stable: number;
  /** when it was first seen, then its name: the scan order */
  order: number;
}

export interface FolderOptions {
  /**
   * A file stable in size but still not whole by its format (a truncated JPEG) is let through after this many
   * polls, so a broken file cannot hold the batch up forever: it reaches the server and becomes an exception.
   */
  giveUpPolls?: number;
}

/**
 * Watches the folder a scanner's "scan to folder" writes into. A file is taken once its size and time held
 * still between two looks and its format says it is whole; files are handed on in scan order (first seen,
 * then by name, digits as numbers), and a later file never overtakes an earlier one still being written.
 */
export class FolderDriver implements ScanDriver {
  readonly kind = 'folder' as const;
  private readonly tracked = new Map<string, Tracked>();
  private readonly taken = new Set<string>();
  private seen = 0;

  constructor(
    readonly dir: string,
    private readonly opts: FolderOptions = {},
  ) {}

  async status(): Promise<DriverStatus> {
    try {
      await mkdir(this.dir, { recursive: true });
      return { available: true, code: ScanCode.ok, message: SCAN_MESSAGES[0], device: this.dir };
    } catch {
      return {
        available: false,
        code: ScanCode.noScanner,
        message: `无法打开扫描文件夹：${this.dir}`,
        device: this.dir,
      };
    }
  }

  /** Looks at the folder once; returns the files that became complete, in scan order. */
  async poll(limit = Infinity): Promise<ScannedImage[]> {
    await mkdir(this.dir, { recursive: true });
    const entries = await readdir(this.dir, { withFileTypes: true });
    const images = entries.filter((e) => e.isFile() && IMAGE_EXT.test(e.name) && !TEMP_NAME.test(e.name));
    const present = new Set(images.map((e) => e.name));
    // A name the scanner reuses after the old file was cleared away is a new scan.
    for (const name of [...this.taken]) if (!present.has(name)) this.taken.delete(name);
    for (const name of [...this.tracked.keys()]) if (!present.has(name)) this.tracked.delete(name);
    const names = [...present].filter((n) => !this.taken.has(n)).sort(naturalOrder);
    for (const name of names) {
      const st = await stat(path.join(this.dir, name)).catch(() => null);
      if (!st) continue;
      const t = this.tracked.get(name);
      if (!t) {
        this.tracked.set(name, { name, size: st.size, mtimeMs: st.mtimeMs, stable: 0, order: this.seen++ });
      } else if (t.size === st.size && t.mtimeMs === st.mtimeMs) {
        t.stable++;
      } else {
        Object.assign(t, { size: st.size, mtimeMs: st.mtimeMs, stable: 0 });
      }
    }
    const out: ScannedImage[] = [];
    const queue = [...this.tracked.values()].sort((a, b) => a.order - b.order);
    for (const t of queue) {
      if (out.length >= limit || !(await this.ready(t))) break;
      const bytes = await readFile(path.join(this.dir, t.name)).catch(() => null);
      if (!bytes || bytes.length !== t.size) break;
      this.tracked.delete(t.name);
      this.taken.add(t.name);
      out.push({ name: t.name, bytes });
    }
    return out;
  }

  private async ready(t: Tracked): Promise<boolean> {
    if (t.stable < 1 || t.size === 0) return false;
    if (t.stable >= (this.opts.giveUpPolls ?? 30)) return true;
    return looksComplete(path.join(this.dir, t.name), t.size).catch(() => false);
  }

  /** Nothing to start: the scanner's own software writes into the folder. */
  async start(): Promise<void> {}

  /** The oldest complete image in the folder, taken out of the page flow (the blank card for a template). */
  async scanOne(): Promise<ScannedImage | null> {
    // Two looks: a file must hold still between them to count as written.
    await this.poll(0);
    const [first] = await this.poll(1);
    return first ?? null;
  }

  async close(): Promise<void> {}
}
