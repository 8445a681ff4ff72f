import JSZip from 'jszip';

/** Limits that keep a hostile upload (a zip bomb, thousands of entries) from exhausting the server. */
export interface ZipLimits {
  /** total uncompressed bytes of the whole archive, as declared and as actually inflated */
  maxUncompressed: number;
  maxEntries: number;
}

export type ZipProblem = 'notZip' | 'tooLarge';

const u32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);

/**
 * Sums the uncompressed sizes the central directory declares, before anything is inflated; null when the
 * bytes are not a zip. (Zip64 archives declare 0xffffffff, which is over any cap we use.)
 */
export function declaredSize(bytes: Uint8Array): { entries: number; total: number } | null {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = u16(bytes, eocd + 10);
  let at = u32(bytes, eocd + 16);
  let total = 0;
  for (let k = 0; k < entries; k++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) return null;
    total += u32(bytes, at + 24);
    at += 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return { entries, total };
}

/** A zip whose entries are read with the byte budget enforced while inflating (declared sizes may lie). */
export class GuardedZip {
  private spent = 0;
  private constructor(
    private readonly zip: JSZip,
    private readonly budget: number,
  ) {}

  static async open(bytes: Uint8Array, limits: ZipLimits): Promise<GuardedZip | ZipProblem> {
    const declared = declaredSize(bytes);
    if (!declared) return 'notZip';
    if (declared.entries > limits.maxEntries || declared.total > limits.maxUncompressed) return 'tooLarge';
    try {
      return new GuardedZip(await JSZip.loadAsync(bytes), limits.maxUncompressed);
    } catch {
      return 'notZip';
    }
  }

  names(): string[] {
    return Object.keys(this.zip.files);
  }

  /** The entry's bytes, null when absent; throws TooLarge once the archive's budget is spent. */
  read(name: string): Promise<Uint8Array | null> {
    const file = this.zip.file(name);
    if (!file) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      // internalStream (public in JSZip, missing from its typings) lets us stop inflating once over budget
      const stream = (file as unknown as { internalStream(t: 'uint8array'): ZipStream }).internalStream(
        'uint8array',
      );
      stream
        .on('data', (chunk: Uint8Array) => {
          this.spent += chunk.length;
          if (this.spent > this.budget) {
            stream.pause();
            reject(new TooLarge());
            return;
          }
          chunks.push(chunk);
        })
        .on('error', (e: Error) => reject(e))
        .on('end', () => {
          const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
          let at = 0;
          for (const c of chunks) {
            out.set(c, at);
            at += c.length;
          }
          resolve(out);
        })
        .resume();
    });
  }

  async text(name: string): Promise<string | null> {
    const b = await this.read(name);
    return b && new TextDecoder().decode(b);
  }
}

export class TooLarge extends Error {}

interface ZipStream {
  on(event: 'data', f: (chunk: Uint8Array) => void): ZipStream;
  on(event: 'error', f: (e: Error) => void): ZipStream;
  on(event: 'end', f: () => void): ZipStream;
  pause(): ZipStream;
  resume(): ZipStream;
}
