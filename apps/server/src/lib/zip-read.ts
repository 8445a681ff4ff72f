import { createWriteStream } from 'node:fs';
import type JSZip from 'jszip';

/** An entry unpacks to more than the caller allows; reading stopped there. */
export class ZipEntryTooLarge extends Error {}

/** The size the archive claims for an entry (JSZip keeps it on a private field); null when unknown. */
function declaredSize(entry: JSZip.JSZipObject): number | null {
  const size = (entry as unknown as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize;
  return typeof size === 'number' ? size : null;
}

/**
 * Unpacks one zip entry chunk by chunk, never past `maxBytes`: the declared size is checked before inflating and the
 * actual size while inflating (a zip may lie about it), so a zip bomb costs at most `maxBytes` of memory.
 * `more(chunk)` may answer false to stop early: what was read so far is returned.
 */
export async function readZipEntry(
  entry: JSZip.JSZipObject,
  maxBytes: number,
  more: (chunk: Buffer) => boolean = () => true,
): Promise<Buffer> {
  const declared = declaredSize(entry);
  if (declared !== null && declared > maxBytes) throw new ZipEntryTooLarge(entry.name);
  const chunks: Buffer[] = [];
  let total = 0;
  // JSZip's stream is an old-style readable (not async-iterable): driven by its events
  const stream = entry.nodeStream('nodebuffer');
  await new Promise<void>((resolve, reject) => {
    const stop = (err?: Error) => {
      stream.pause();
      stream.removeAllListeners('data');
      if (err) reject(err);
      else resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return stop(new ZipEntryTooLarge(entry.name));
      chunks.push(chunk);
      if (!more(chunk)) stop();
    });
    stream.on('error', (err: Error) => stop(err));
    stream.on('end', () => resolve());
  });
  return Buffer.concat(chunks);
}

/** The size the archive claims for an entry, for checks before anything is inflated; null when unknown. */
export const declaredZipSize = declaredSize;

/**
 * Unpacks one zip entry into `file`, never past `maxBytes` nor past the size it declared (a zip that lies about
 * it is refused where the lie shows). `head` sees the first bytes (at least 8, or the whole entry) as they come
 * and may throw to stop at once. Nothing of the entry stays in memory. Returns the bytes written.
 */
export async function writeZipEntry(
  entry: JSZip.JSZipObject,
  file: string,
  maxBytes: number,
  head: (first: Buffer) => void = () => {},
): Promise<number> {
  const declared = declaredSize(entry);
  const limit = declared === null ? maxBytes : Math.min(maxBytes, declared);
  if (declared !== null && declared > maxBytes) throw new ZipEntryTooLarge(entry.name);
  const out = createWriteStream(file);
  const stream = entry.nodeStream('nodebuffer');
  let total = 0;
  let first: Buffer | null = Buffer.alloc(0);
  const written = await new Promise<number>((resolve, reject) => {
    const stop = (err: unknown) => {
      stream.pause();
      stream.removeAllListeners('data');
      stream.removeAllListeners('end');
      out.destroy();
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) return stop(new ZipEntryTooLarge(entry.name));
      try {
        if (first) {
          first = Buffer.concat([first, chunk]);
          if (first.length >= 8) {
            head(first);
            first = null;
          }
        }
      } catch (err) {
        return stop(err);
      }
      // written at the disk's pace: the inflater waits instead of filling memory
      if (!out.write(chunk)) {
        stream.pause();
        out.once('drain', () => stream.resume());
      }
    });
    stream.on('error', (err: Error) => stop(err));
    stream.on('end', () => {
      try {
        if (first) head(first);
      } catch (err) {
        return stop(err);
      }
      out.end(() => resolve(total));
    });
    out.on('error', (err) => stop(err));
  });
  return written;
}
