import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';

/** Hex SHA-256 of a page's bytes: how the agent and the server recognise the same content. */
export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Extension to store a page under: from its first bytes (a split TIFF page is a JPEG), else from its name. */
export function pageExt(name: string, bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const m = /\.(jpe?g|png|tiff?)$/i.exec(name);
  if (m) return m[1]!.toLowerCase().replace('jpeg', 'jpg').replace('tiff', 'tif');
  return 'tif';
}

/** The agent's own copies of scanned pages (data dir pages/), written durably before they are journalled. */
export class PageFiles {
  constructor(readonly dir: string) {}

  /** Writes through a temporary file, fsynced, then renamed: a crash leaves either nothing or the whole file. */
  async put(file: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const final = path.join(this.dir, file);
    const tmp = `${final}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(bytes);
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await rename(tmp, final);
  }

  get(file: string): Promise<Buffer> {
    return readFile(path.join(this.dir, file));
  }
}
