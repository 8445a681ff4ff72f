import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema, type CardTemplate } from '@yj/contracts';
import { multiplyH } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey } from './node';
import { recognizePage, recognizeWithMatrix } from './recognize';

// Golden fixture: three real A4 200 dpi document scans of a third-party sheet without anchors
// (OMRChecker sample6, MIT), read with our template for it (location areas matched by NCC).
// Expected values: OMRChecker's own saved results, checked against the images by eye.
const dir = new URL('../test-fixtures/omrchecker-sample6/', import.meta.url);
const expected: Record<string, string> = {
  sample_roll_01: 'A0188877Y',
  sample_roll_02: 'A0203959W',
  sample_roll_03: 'A0204729A',
};

async function load(name: string): Promise<GreyImage> {
  return decodeGrey(await readFile(new URL(`${name}.jpg`, dir)));
}

function rotate180(img: GreyImage): GreyImage {
  return { ...img, data: Uint8Array.from(img.data).reverse() };
}

function rotate90(img: GreyImage): GreyImage {
  const out = new Uint8Array(img.data.length);
  const h = img.height;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) out[x * h + (h - 1 - y)] = img.data[y * img.width + x]!;
  return { width: h, height: img.width, data: out };
}

let card: CardTemplate;
beforeAll(async () => {
  card = CardTemplateSchema.parse(JSON.parse(await readFile(new URL('template.json', dir), 'utf8')));
});

describe('OMRChecker sample6 document scans (golden)', () => {
  for (const [name, roll] of Object.entries(expected)) {
    it(`${name} reads ${roll} without exceptions`, async () => {
      const r = await recognizePage(await load(name), card);
      expect(r.exceptions).toEqual([]);
      expect(r.registration?.method).toBe('locationAreas');
      expect(r.registration?.fitError).toBeLessThan(3);
      expect(r.examNumber.value).toBe(roll);
    });
  }

  // A scan's fit is a pixel or so off somewhere, and the next scan's elsewhere: the reading must not hang on it. The
  // exam-number table's lines lie over the first and under the last bubble of every column; read against the
  // page's mid-column bubbles, a fit 1 px off raised a column as ringed in 4 of these 27 reads (rings.ts).
  it('reads every sheet the same through its fit moved up to 1.5 px either way', async () => {
    const raised: string[] = [];
    for (const [name, roll] of Object.entries(expected)) {
      const img = await load(name);
      const fit = (await recognizePage(img, card)).registration!.matrix;
      for (const d of [1, 1.5])
        for (const dx of [-d, 0, d])
          for (const dy of [-d, 0, d]) {
            if (dx === 0 && dy === 0) continue;
            const r = await recognizeWithMatrix(img, card, 0, multiplyH([1, 0, dx, 0, 1, dy, 0, 0, 1], fit));
            if (r.exceptions.length > 0 || r.examNumber.value !== roll)
              raised.push(`${name} (${dx}, ${dy}): ${r.exceptions.map((e) => e.reason).join('; ')}`);
          }
    }
    expect(raised).toEqual([]);
  });

  it('reads a page fed upside down and one fed sideways', async () => {
    const img = await load('sample_roll_02');
    const down = await recognizePage(rotate180(img), card);
    expect(down.registration?.rotation).toBe(180);
    expect(down.examNumber.value).toBe('A0203959W');
    const side = await recognizePage(rotate90(img), card);
    expect(side.registration?.rotation).toBe(90);
    expect(side.examNumber.value).toBe('A0203959W');
  });

  it('raises a location exception for a page of another sheet', async () => {
    const other = { width: 1653, height: 2339, data: new Uint8Array(1653 * 2339).fill(235) };
    // Some print so the page is not blank, but nothing of this sheet's patches.
    for (let y = 300; y < 2000; y += 40)
      for (let t = 0; t < 6; t++) other.data.fill(30, (y + t) * 1653 + 200, (y + t) * 1653 + 1400);
    const r = await recognizePage(other, card);
    expect(r.status).toBe('exception');
    expect(r.exceptions[0]?.type).toBe('location');
    expect(r.examNumber.value).toBeNull();
  });
});
