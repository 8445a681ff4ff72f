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
