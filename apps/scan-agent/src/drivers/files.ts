import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ScanCode, SCAN_MESSAGES } from '../codes';
import type { DriverStatus, ScanDriver, ScannedImage } from './driver';

/** Images named by hand (command line), taken once each in the order given. */
export class FilesDriver implements ScanDriver {
  readonly kind = 'files' as const;
  private readonly queue: string[];

  constructor(files: string[]) {
    this.queue = [...files];
  }

  /** Adds more files to take, after the ones already given. */
  add(files: string[]): void {
    this.queue.push(...files);
  }

  async status(): Promise<DriverStatus> {
    return {
      available: true,
      code: ScanCode.ok,
      message: SCAN_MESSAGES[0],
      device: `${this.queue.length} 个文件待导入`,
    };
  }

  async poll(limit = Infinity): Promise<ScannedImage[]> {
    const out: ScannedImage[] = [];
    while (this.queue.length > 0 && out.length < limit) {
      const file = this.queue[0]!;
      // An unreadable file still counts as a scanned page: it reaches the server and becomes an exception.
      const bytes = await readFile(file).catch(() => Buffer.alloc(0));
      this.queue.shift();
      out.push({ name: path.basename(file), bytes });
    }
    return out;
  }

  async start(): Promise<void> {}

  async scanOne(): Promise<ScannedImage | null> {
    const [one] = await this.poll(1);
    return one ?? null;
  }

  async close(): Promise<void> {}
}
