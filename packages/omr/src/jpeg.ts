import { createRequire } from 'node:module';
import type * as JpegTurbo from '@julusian/jpeg-turbo';
import type { GreyImage } from './image';
import { decodeJpegLumaWasm } from './jpeg-wasm';

// The one JPEG luma decode: libjpeg-turbo through its N-API binding (@julusian/jpeg-turbo, a prebuilt binary
// with SIMD ships inside the npm package for linux x64/arm64/arm/musl, darwin and win32; no install script
// has to run), about twice as fast as the WebAssembly build, which stays the fallback where the binding does
// not load (no prebuild for the platform, or YJ_JPEG_DECODER=wasm). Both ask for TJPF_GRAY with the fast
// integer IDCT, so they give the same bytes and a page reads the same whichever ran.
//
// Caveat (reproduced): terminating a worker thread while it is inside a native decode aborts the whole
// process ("terminate called after throwing an instance of 'Napi::Error'": the binding's reply fails once
// the thread is stopping, and node-addon-api throws from its catch handler). Terminating it between decodes
// is harmless (tested: 150 terminations after decodes, none aborted). So pools that decode JPEG close with
// piscina's close(), which waits for the tasks in flight, never destroy(); piscina's idleTimeout only ends
// idle threads, and no decode task is cancelled by a signal.

/** Which libjpeg-turbo build decodes JPEG in this thread. */
export type JpegDecoder = 'native' | 'wasm';

let binding: typeof JpegTurbo | null | undefined;

/** The native binding, loaded once per thread; null where it cannot load or is switched off. */
function nativeBinding(): typeof JpegTurbo | null {
  if (binding !== undefined) return binding;
  binding = null;
  if (process.env.YJ_JPEG_DECODER === 'wasm') return binding;
  try {
    binding = createRequire(import.meta.url)('@julusian/jpeg-turbo') as typeof JpegTurbo;
  } catch {
    binding = null;
  }
  return binding;
}

/** The decoder `decodeJpegLuma` uses here (for logs and bench labels). */
export function jpegDecoder(): JpegDecoder {
  return nativeBinding() ? 'native' : 'wasm';
}

/** Native decode; throws where the binding does not load or libjpeg-turbo refuses the file (warnings too). */
export function decodeJpegLumaNative(bytes: Uint8Array): GreyImage {
  const jt = nativeBinding();
  if (!jt) throw new Error('JPEG 原生解码不可用');
  const src = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = jt.decompressSync(src, { format: jt.FORMAT_GRAY });
  if (!(out.width > 0 && out.height > 0) || out.data.byteLength < out.width * out.height)
    throw new Error('JPEG 尺寸无效');
  return {
    width: out.width,
    height: out.height,
    data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.width * out.height),
  };
}

/**
 * Decodes a JPEG's luma plane (not turned by EXIF; see orientation.ts) with the decoder chosen once for this
 * thread. Throws on a file libjpeg-turbo refuses or only partly reads: the caller falls back to sharp.
 */
export function decodeJpegLuma(bytes: Uint8Array): GreyImage {
  return nativeBinding() ? decodeJpegLumaNative(bytes) : decodeJpegLumaWasm(bytes);
}
