import { createRequire } from 'node:module';
import type { GreyImage } from './image';
import { decodeJpegLumaWasm } from './jpeg-wasm';

// The one JPEG luma decode, two builds of libjpeg-turbo:
// - the N-API binding (@julusian/jpeg-turbo, a prebuilt binary with SIMD inside the npm package for linux
//   x64/arm64/arm/musl, darwin and win32; no install script runs): the default wherever it loads, about twice
//   as fast. It decodes with the fast integer IDCT only (no option): up to 3–4 grey levels off the accurate
//   decode. On 300 simulated pages (5 sets) it made no silent error and raised as many pages, but not the same
//   answers (hard: 114 raised of 1,200, accurate 116); a hard sheet with letters in its bubbles raised more than
//   the same sheet plain (real-world.test.ts), and once OMRChecker's lettered exam numbers (the template-sample6
//   journey) became exceptions. So a page read from a fast decode that raises anything is decoded again
//   accurately and read again (node.ts, readAgainIfRaised), and pictures kept as references (the printed
//   blanks) are decoded accurately;
// - WebAssembly with the accurate IDCT: the pixels recognition is tuned and tested on, used where the binding
//   does not load (npm leaves the optional package out, or its binary refuses the platform), for those second
//   reads, and everywhere with YJ_JPEG_DECODER=wasm.
// Terminating a worker thread while it is inside a native decode aborts the whole process ("terminate called
// after throwing an instance of 'Napi::Error'"), and so does a process that exits while one of its threads
// decodes. Pools that decode end their threads only once no task runs (apps/server infra/threads.ts: piscina's
// own close() ended busy threads, which is what killed a test process under load when native was first the
// default); idleTimeout only ends idle threads.

/** Which libjpeg-turbo build decodes JPEG in this thread. */
export type JpegDecoder = 'native' | 'wasm';

/** What is used of @julusian/jpeg-turbo, typed here: the package is optional and often not installed. */
interface JpegTurbo {
  FORMAT_GRAY: number;
  SAMP_GRAY: number;
  compressSync(
    raw: Buffer,
    options: { format: number; width: number; height: number; quality: number; subsampling: number },
  ): Buffer;
  decompressSync(image: Buffer, options: { format: number }): { data: Buffer; width: number; height: number };
  decompressSync(
    image: Buffer,
    out: Buffer,
    options: { format: number },
  ): { data: Buffer; width: number; height: number };
}

let binding: JpegTurbo | null | undefined;

/** The native binding, loaded once per thread; null where it cannot load. */
function loadNative(): JpegTurbo | null {
  if (binding !== undefined) return binding;
  try {
    binding = createRequire(import.meta.url)('@julusian/jpeg-turbo') as JpegTurbo;
  } catch {
    binding = null;
  }
  return binding;
}

/** Whether the native binding loads on this platform (tests, benches). */
export const nativeJpegAvailable = (): boolean => loadNative() !== null;

/** The binding where it loads, unless switched off (YJ_JPEG_DECODER=wasm). */
const nativeBinding = (): JpegTurbo | null => (process.env.YJ_JPEG_DECODER === 'wasm' ? null : loadNative());

/** The decoder `decodeJpegLuma` uses here (for logs and bench labels). */
export function jpegDecoder(): JpegDecoder {
  return nativeBinding() ? 'native' : 'wasm';
}

/**
 * A buffer a page is decoded into and the next page again (node.ts withPageSlot): the image is a view of
 * it, valid until the slot's next decode.
 */
export interface PixelSlot {
  buf?: Buffer;
}

/**
 * Native decode; throws where the binding does not load or libjpeg-turbo refuses the file (warnings too).
 * `slot`: decoded into its buffer when that is large enough; else into a buffer of its own, and the slot
 * gets one of that size for the next page.
 */
export function decodeJpegLumaNative(bytes: Uint8Array, slot?: PixelSlot): GreyImage {
  const jt = loadNative();
  if (!jt) throw new Error('JPEG 原生解码不可用');
  const src = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const opts = { format: jt.FORMAT_GRAY };
  let out: ReturnType<JpegTurbo['decompressSync']> | null = null;
  if (slot?.buf) {
    try {
      out = jt.decompressSync(src, slot.buf, opts);
    } catch (err) {
      // too small for this page (the binding checks): a buffer of its own
      if (!/Insufficient output buffer/.test((err as Error).message)) throw err;
    }
  }
  if (!out) {
    out = jt.decompressSync(src, opts);
    // never a view of Node's shared pool of small buffers: one of the slot's own
    if (slot) slot.buf = Buffer.allocUnsafeSlow(out.data.byteLength);
  }
  if (!(out.width > 0 && out.height > 0) || out.data.byteLength < out.width * out.height)
    throw new Error('JPEG 尺寸无效');
  return {
    width: out.width,
    height: out.height,
    data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.width * out.height),
  };
}

/**
 * Decodes a JPEG's luma plane (not turned by EXIF; see orientation.ts): with the decoder of this thread, or
 * `accurate` with the accurate IDCT (WebAssembly). Throws on a file libjpeg-turbo refuses or only partly reads:
 * the caller falls back to sharp.
 */
export function decodeJpegLuma(bytes: Uint8Array, accurate = false, slot?: PixelSlot): GreyImage {
  return !accurate && nativeBinding() ? decodeJpegLumaNative(bytes, slot) : decodeJpegLumaWasm(bytes);
}

/**
 * A grey image encoded as a baseline JPEG by the native binding (block cuts: half sharp's time for the same
 * pixels, 2.5 ms against 5 for 1.5 million, about the same size); null where the binding does not load or
 * is switched off, and the caller encodes with sharp.
 */
export function encodeJpegGreyNative(img: GreyImage, quality: number): Buffer | null {
  const jt = nativeBinding();
  if (!jt) return null;
  const raw = Buffer.from(img.data.buffer, img.data.byteOffset, img.width * img.height);
  return jt.compressSync(raw, {
    format: jt.FORMAT_GRAY,
    width: img.width,
    height: img.height,
    quality,
    subsampling: jt.SAMP_GRAY,
  });
}
