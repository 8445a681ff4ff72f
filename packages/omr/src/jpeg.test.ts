import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateSet, typicalCard } from '@yj/scan-sim';
import type { GreyImage } from './image';
import {
  decodeJpegLumaNative,
  encodeJpegGreyNative,
  jpegDecoder,
  nativeJpegAvailable,
  type PixelSlot,
} from './jpeg';
import { decodeJpegLumaWasm } from './jpeg-wasm';
import { decodeGrey, readAgainIfRaised, withPageSlot } from './node';

// The native libjpeg-turbo binding (the default where it loads; YJ_JPEG_DECODER=wasm switches it off) must give the
// bytes of the WebAssembly build asked for the same fast IDCT, so it changes only the IDCT, which jpeg.ts documents;
// a page raised from its decode is read again from the accurate one (node.ts, readAgainIfRaised).

const native = nativeJpegAvailable();
const fixtures = fileURLToPath(new URL('../test-fixtures/omrchecker-sample6/', import.meta.url));

/** A picture with edges, gradients and colour, so chroma handling and the IDCT both show. */
async function picture(width: number, height: number): Promise<ReturnType<typeof sharp>> {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const box = x % 37 < 9 || y % 23 < 5;
      rgb[i] = box ? 20 : (x * 7) & 255;
      rgb[i + 1] = (y * 5 + x) & 255;
      rgb[i + 2] = box ? 240 : (x ^ y) & 255;
    }
  return sharp(rgb, { raw: { width, height, channels: 3 } });
}

async function variants(): Promise<[string, Buffer][]> {
  const files: [string, Buffer][] = readdirSync(fixtures)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => [`sample6 ${f}`, readFileSync(fixtures + f)]);
  const p = () => picture(331, 217);
  files.push(
    ['baseline 4:2:0', await (await p()).jpeg({ quality: 80 }).toBuffer()],
    ['baseline 4:4:4', await (await p()).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer()],
    ['progressive', await (await p()).jpeg({ quality: 75, progressive: true }).toBuffer()],
    ['greyscale', await (await p()).greyscale().jpeg({ quality: 85 }).toBuffer()],
    ['odd size', await (await picture(17, 9)).jpeg({ quality: 60 }).toBuffer()],
    ['rotated (EXIF 6)', await (await p()).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
    ['simulated scan', (await generateSet(typicalCard(), 1, { seed: 3, difficulty: 'hard', dpi: 100 })).jpeg],
  );
  return files;
}

const same = (a: GreyImage, b: GreyImage) => {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  // one comparison, not a million expects; the first differing byte is named if any
  const at = a.data.findIndex((v, i) => v !== b.data[i]);
  expect(at).toBe(-1);
};

describe(
  native
    ? 'native and WebAssembly JPEG decoders'
    : 'native and WebAssembly JPEG decoders — SKIPPED: @julusian/jpeg-turbo has no loadable binary on this platform',
  () => {
    it.skipIf(!native)('give the same bytes on every fixture with the fast IDCT', async () => {
      for (const [name, jpeg] of await variants()) {
        const a = decodeJpegLumaNative(jpeg);
        const b = decodeJpegLumaWasm(jpeg, 'fast');
        expect(a.data.length, name).toBe(a.width * a.height);
        same(a, b);
      }
    });

    it.skipIf(!native)('both refuse a truncated file (decodeGrey then asks sharp)', () => {
      const whole = readFileSync(fixtures + 'sample_roll_01.jpg');
      const cut = whole.subarray(0, whole.length >> 1);
      expect(() => decodeJpegLumaNative(cut)).toThrow();
      expect(() => decodeJpegLumaWasm(cut)).toThrow();
    });

    it.skipIf(!native)('loads and decodes in worker threads, two at once', async () => {
      const jpeg = readFileSync(fixtures + 'sample_roll_02.jpg');
      const here = decodeJpegLumaNative(jpeg);
      // the threads read the switch when they decode: unset, the default
      const was = process.env.YJ_JPEG_DECODER;
      delete process.env.YJ_JPEG_DECODER;
      // each thread loads the addon itself (an N-API module must be context-aware for this), as the
      // recognition pool's threads do
      const pool = new Piscina({
        filename: new URL('./jpeg.test-worker.ts', import.meta.url).href,
        minThreads: 2,
        maxThreads: 2,
        execArgv: [...process.execArgv, '--import', 'tsx'],
      });
      const run = () => pool.run(jpeg) as Promise<{ decoder: string; img: GreyImage }>;
      const [a, b] = await Promise.all([run(), run()]).finally(() => {
        if (was === undefined) delete process.env.YJ_JPEG_DECODER;
        else process.env.YJ_JPEG_DECODER = was;
      });
      // both tasks have answered: no thread is inside a decode when the pool ends them (jpeg.ts, caveat)
      await pool.close();
      expect(pool.threads).toHaveLength(0);
      for (const r of [a, b]) {
        expect(r.decoder).toBe('native');
        same(r.img, here);
      }
    });
  },
);

describe('pages decoded into a reused slot (withPageSlot)', () => {
  it.skipIf(!native)(
    'give the bytes of a fresh decode, page after page, a larger page in a buffer of its own',
    async () => {
      const files = await variants();
      const small = files.find(([name]) => name === 'odd size')![1];
      const page = readFileSync(fixtures + 'sample_roll_01.jpg');
      const other = readFileSync(fixtures + 'sample_roll_02.jpg');
      // a slot of its own: withPageSlot's free slots are shared by the files this process runs (real-world's
      // pages leave theirs), and this one must start empty
      const slot: PixelSlot = {};
      // the first page sizes the slot's buffer; the next decodes into it
      const a = await decodeGrey(small, false, slot);
      same(a, decodeJpegLumaNative(small));
      expect(slot.buf?.byteLength).toBe(17 * 9);
      // a larger page does not fit: decoded into a buffer of its own, the slot grown for the next
      const b = await decodeGrey(page, false, slot);
      same(b, decodeJpegLumaNative(page));
      expect(b.data.buffer).not.toBe(slot.buf!.buffer);
      const c = await decodeGrey(other, false, slot);
      expect(c.data.buffer).toBe(slot.buf!.buffer);
      same(c, decodeJpegLumaNative(other));
      // the slot's next page overwrites the last one's pixels: what withPageSlot's callers must not keep
      await decodeGrey(page, false, slot);
      same(c, decodeJpegLumaNative(page));
    },
  );

  it('gives each page in flight a slot of its own, and a settled one to the next page', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const seen: object[] = [];
    const first = withPageSlot(async (slot) => {
      seen.push(slot);
      await held;
    });
    await withPageSlot(async (slot) => void seen.push(slot));
    expect(seen[1]).not.toBe(seen[0]);
    release();
    await first;
    // both settled: the next page takes the one freed last
    await withPageSlot(async (slot) => void seen.push(slot));
    expect(seen[2]).toBe(seen[0]);
  });
});

describe('a grey image encoded natively (block cuts)', () => {
  it.skipIf(!native)('decodes back to its size and pixels within JPEG loss; null when switched off', () => {
    const img = decodeJpegLumaNative(readFileSync(fixtures + 'sample_roll_01.jpg'));
    const part = { width: 301, height: 207, data: img.data.slice(0, 301 * 207) };
    const was = process.env.YJ_JPEG_DECODER;
    try {
      delete process.env.YJ_JPEG_DECODER;
      const jpeg = encodeJpegGreyNative(part, 80)!;
      expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
      const back = decodeJpegLumaWasm(jpeg);
      expect([back.width, back.height]).toEqual([301, 207]);
      let sum = 0;
      for (let i = 0; i < back.data.length; i++) sum += Math.abs(back.data[i]! - part.data[i]!);
      expect(sum / back.data.length).toBeLessThan(4);
      process.env.YJ_JPEG_DECODER = 'wasm';
      expect(encodeJpegGreyNative(part, 80)).toBeNull();
    } finally {
      if (was === undefined) delete process.env.YJ_JPEG_DECODER;
      else process.env.YJ_JPEG_DECODER = was;
    }
  });
});

describe('a page raised from the fast decode', () => {
  it.skipIf(!native)(
    'is decoded again with the accurate IDCT and read again; a page read cleanly is not',
    async () => {
      const was = process.env.YJ_JPEG_DECODER;
      const jpeg = readFileSync(fixtures + 'sample_roll_03.jpg');
      const accurate = decodeJpegLumaWasm(jpeg);
      const seen: GreyImage[] = [];
      const reading = (raised: boolean) => async (img: GreyImage) => {
        seen.push(img);
        return { exceptions: raised && seen.length === 1 ? ['定位异常'] : [], from: seen.length };
      };
      try {
        // switched off, the accurate decode reads once: nothing to read again
        process.env.YJ_JPEG_DECODER = 'wasm';
        expect(jpegDecoder()).toBe('wasm');
        expect(
          await readAgainIfRaised(jpeg, await reading(true)(await decodeGrey(jpeg)), reading(true)),
        ).toEqual({
          exceptions: ['定位异常'],
          from: 1,
        });
        seen.length = 0;
        // by default, where the binding loads
        delete process.env.YJ_JPEG_DECODER;
        expect(jpegDecoder()).toBe('native');
        const fast = await decodeGrey(jpeg);
        // the two decodes differ: otherwise this test could not tell them apart
        expect(fast.data.some((v, i) => v !== accurate.data[i])).toBe(true);
        expect(await readAgainIfRaised(jpeg, await reading(false)(fast), reading(false))).toEqual({
          exceptions: [],
          from: 1,
        });
        expect(seen).toHaveLength(1);
        seen.length = 0;
        expect(await readAgainIfRaised(jpeg, await reading(true)(fast), reading(true))).toEqual({
          exceptions: [],
          from: 2,
        });
        same(seen[1]!, accurate);
      } finally {
        if (was === undefined) delete process.env.YJ_JPEG_DECODER;
        else process.env.YJ_JPEG_DECODER = was;
      }
    },
  );
});

describe('WebAssembly decode scaled in the DCT domain', () => {
  it('gives 1/n per side (rounded up) and the same picture, averaged', () => {
    const jpeg = readFileSync(fixtures + 'sample_roll_01.jpg');
    const full = decodeJpegLumaWasm(jpeg);
    const mean = (img: GreyImage) => img.data.reduce((s, v) => s + v, 0) / img.data.length;
    for (const scale of [2, 4, 8] as const) {
      const small = decodeJpegLumaWasm(jpeg, 'accurate', scale);
      expect([small.width, small.height]).toEqual([
        Math.ceil(full.width / scale),
        Math.ceil(full.height / scale),
      ]);
      expect(small.data.length).toBe(small.width * small.height);
      // the DC term is the block mean: the page's mean grey stays within a level
      expect(Math.abs(mean(small) - mean(full))).toBeLessThan(1);
      // and a pixel of the small picture is the mean of its scale × scale square in the full one
      const x = Math.floor(small.width / 3);
      const y = Math.floor(small.height / 3);
      let sum = 0;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) sum += full.data[(y * scale + dy) * full.width + x * scale + dx]!;
      expect(Math.abs(small.data[y * small.width + x]! - sum / scale ** 2)).toBeLessThan(12);
    }
  });
});
