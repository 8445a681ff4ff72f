import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GreyImage } from './image';

// libjpeg-turbo compiled to WebAssembly (@cwasm/jpeg-turbo ships the .wasm and exports TurboJPEG's C API),
// asked for TJPF_GRAY: the luma plane only, no chroma upsampling or colour conversion — what OpenCV's
// imread(GRAYSCALE) does. The default of jpeg.ts (the native binding is opt-in): no SIMD, about twice as slow
// as the binding, but a WebAssembly decoder cannot take the process down: a damaged file throws a JS error,
// memory stays inside its sandbox.

const TJPF_GRAY = 6;
/**
 * The fast integer IDCT: the only one the native binding (@julusian/jpeg-turbo) asks for. Recognition reads
 * with the accurate one (the default): pixels differ by up to 3–4 grey levels, and with the fast one the
 * lettered exam number of OMRChecker's sample6 (the template-sample6 journey) became exceptions.
 */
const TJFLAG_FASTDCT = 2048;

/** Which inverse DCT a decode uses: the accurate one recognition is tuned on, or the native binding's fast one. */
export type Idct = 'accurate' | 'fast';

interface TurboExports {
  memory: WebAssembly.Memory;
  malloc(n: number): number;
  free(p: number): void;
  tjInitDecompress(): number;
  tjDestroy(h: number): number;
  tjDecompressHeader3(
    h: number,
    src: number,
    len: number,
    w: number,
    hgt: number,
    ss: number,
    cs: number,
  ): number;
  tjDecompress2(
    h: number,
    src: number,
    len: number,
    dst: number,
    w: number,
    pitch: number,
    hgt: number,
    pf: number,
    flags: number,
  ): number;
}

let module: WebAssembly.Module | null = null;
let instance: TurboExports | null = null;

function turbo(): TurboExports {
  module ??= new WebAssembly.Module(
    readFileSync(createRequire(import.meta.url).resolve('@cwasm/jpeg-turbo/jpeg-turbo.wasm')),
  );
  // The build has no setjmp: libjpeg's error exit "longjmps" by throwing out of the module, which leaves
  // its stack pointer and allocations behind. After any throw the instance is dropped and a fresh one made.
  const fail = () => {
    throw new Error('JPEG 解码失败');
  };
  const wasi = {
    environ_sizes_get: () => 0,
    environ_get: fail,
    proc_exit: fail,
    fd_close: fail,
    fd_seek: fail,
    fd_write: fail,
  };
  instance ??= new WebAssembly.Instance(module, {
    env: { setjmp: () => 0, longjmp: fail },
    wasi_snapshot_preview1: wasi,
  }).exports as unknown as TurboExports;
  return instance;
}

/** libjpeg-turbo's scaling in the DCT domain: the image comes out 1/n the size per side, at less IDCT work. */
export type DctScale = 1 | 2 | 4 | 8;

/**
 * Decodes a JPEG's luma plane (not turned by EXIF; see orientation.ts). Throws on a file libjpeg-turbo
 * refuses or only partly reads (truncated data is a warning it reports): the caller falls back to sharp.
 * `scale` > 1 decodes at 1/scale per side (recognition reads full size; bench:omr -- --peer times the scaled
 * decodes to show what the entropy decode alone costs, which no scaling removes).
 */
export function decodeJpegLumaWasm(bytes: Uint8Array, idct: Idct = 'accurate', scale: DctScale = 1): GreyImage {
  const t = turbo();
  let src = 0;
  let meta = 0;
  let dst = 0;
  let h = 0;
  let thrown = true;
  try {
    src = t.malloc(bytes.byteLength);
    meta = t.malloc(16);
    h = t.tjInitDecompress();
    if (!src || !meta || !h) throw new Error('JPEG 解码内存不足');
    new Uint8Array(t.memory.buffer, src, bytes.byteLength).set(bytes);
    if (t.tjDecompressHeader3(h, src, bytes.byteLength, meta, meta + 4, meta + 8, meta + 12) !== 0)
      throw new Error('JPEG 文件头无法读取');
    const [fullWidth, fullHeight] = new Int32Array(t.memory.buffer, meta, 2) as unknown as [number, number];
    if (!(fullWidth > 0 && fullHeight > 0)) throw new Error('JPEG 尺寸无效');
    // TurboJPEG picks the scaling factor that fits the asked size: ceil(full / scale), as libjpeg rounds
    const width = Math.ceil(fullWidth / scale);
    const height = Math.ceil(fullHeight / scale);
    dst = t.malloc(width * height);
    if (!dst) throw new Error('JPEG 解码内存不足');
    if (t.tjDecompress2(h, src, bytes.byteLength, dst, width, width, height, TJPF_GRAY, idct === 'fast' ? TJFLAG_FASTDCT : 0) !== 0)
      throw new Error('JPEG 数据不完整或已损坏');
    // slice: the wasm memory is reused (and may grow) on the next decode
    const data = new Uint8Array(t.memory.buffer, dst, width * height).slice();
    thrown = false;
    return { width, height, data };
  } finally {
    if (thrown) instance = null;
    else {
      t.free(dst);
      t.free(meta);
      t.free(src);
      t.tjDestroy(h);
    }
  }
}
