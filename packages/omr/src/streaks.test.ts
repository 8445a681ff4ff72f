import { readdir, readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRng,
  randomAnswers,
  scoreSheet,
  simulateSheet,
  typicalCard,
  type SimulateOptions,
} from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import { applyH } from './geometry';
import type { GreyImage } from './image';
import { measureField } from './bubbles';
import { pageFields } from './layout';
import { decodeGrey, loadZxingReader } from './node';
import { recognizePage } from './recognize';
import { findStreaks, withoutStreaks } from './streaks';

// Dirt on a sheet-fed scanner's glass draws a line down every page of a batch (streaks.ts). The simulator draws
// it (SimulateOptions.streaks) through columns of bubbles; without the streak pass, 6-pixel lines at 80 %
// darkness raised 25–36 exceptions on each of 10 typical pages and misread an answer silently on 2.

const card = typicalCard();
const page = card.pages[0]!;
const fields = pageFields(page);
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

function paper(width: number, height: number, level = 232): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(level) };
}

function paint(img: GreyImage, x0: number, x1: number, y0: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) img.data.fill(v, y * img.width + x0, y * img.width + x1);
}

describe('findStreaks', () => {
  it('finds lines down the whole scan, not a border or a rule that stops short, and tells the wide ones', () => {
    const img = paper(1200, 1600);
    paint(img, 0, 40, 0, 1600, 20); // a black scanner lid beside the sheet: at the edge
    paint(img, 300, 340, 0, 1600, 60); // a wide dark band: not painted over
    paint(img, 500, 503, 60, 1540, 30); // a printed rule: stops short of the margins
    paint(img, 700, 704, 0, 1600, 60); // a streak, its edge spread a column either side
    paint(img, 699, 700, 0, 1600, 205);
    paint(img, 704, 705, 0, 1600, 215);
    paint(img, 900, 901, 0, 1600, 150); // a faint one-pixel streak
    expect(findStreaks(img)).toEqual([
      { x0: 300, x1: 339, wide: true },
      { x0: 699, x1: 704 },
      { x0: 900, x1: 900 },
    ]);
    expect(findStreaks(paper(1200, 1600))).toEqual([]);
  });

  it('finds none on real scans and phone photos', async () => {
    for (const set of ['omrchecker-sample6', 'omrchecker-photos']) {
      const dir = new URL(`../test-fixtures/${set}/`, import.meta.url);
      const jpegs = (await readdir(dir)).filter((f) => f.endsWith('.jpg'));
      expect(jpegs.length).toBeGreaterThan(0);
      for (const f of jpegs)
        expect(findStreaks(await decodeGrey(await readFile(new URL(f, dir)))), f).toEqual([]);
    }
  });
});

describe('withoutStreaks', () => {
  it('paints each streak along the line between the columns either side', () => {
    const img = paper(40, 3);
    for (let y = 0; y < 3; y++) {
      img.data[y * 40 + 9] = 200;
      img.data[y * 40 + 13] = 100;
    }
    paint(img, 10, 13, 0, 3, 0);
    const out = withoutStreaks(img, [{ x0: 10, x1: 12 }]);
    // from column 9 (200) to column 13 (100) in 4 steps, rounded
    expect([...out.data.subarray(40, 80)].slice(8, 15)).toEqual([232, 200, 175, 150, 125, 100, 232]);
    // the caller's pixels are left as they were
    expect(img.data[10]).toBe(0);
  });
});

describe('measureField beside a wide streak', () => {
  it('reads a bubble from the part beside the line and says how much of it was seen', () => {
    const img = paper(200, 100);
    const field = {
      name: '1',
      bubbles: [
        { label: 'A', rect: { x: 40, y: 40, w: 40, h: 20 } },
        { label: 'B', rect: { x: 110, y: 40, w: 40, h: 20 } },
      ],
    };
    // an empty bubble A and a filled B, a wide line over A's right side
    paint(img, 110, 150, 40, 60, 40);
    paint(img, 64, 100, 0, 100, 30);
    const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1] as const;
    const [blind, blindB] = measureField(img, [...IDENTITY], field);
    const [a, b] = measureField(img, [...IDENTITY], field, [{ x0: 64, x1: 99 }]);
    // without hiding the line, A reads a quarter dark; beside it, paper, from the left 60 % of its inner area
    expect(blind!.fill).toBeGreaterThan(0.2);
    expect(a!.fill).toBeLessThan(0.02);
    expect(a!.seen).toBeGreaterThan(0.5);
    expect(a!.seen).toBeLessThan(0.7);
    expect(b).toEqual(blindB);
    expect(b!.seen).toBe(1);
  });
});

describe('pages read through a streaked scanner', () => {
  /** Scan positions (share of the width) of bubble centres of some fields, on the scan the seed makes. */
  async function bubbleColumns(o: SimulateOptions, pick: (i: number) => boolean): Promise<number[]> {
    const answers = randomAnswers(page, createRng(o.seed), 'typical', '20260517');
    const { truth } = await simulateSheet(card, 0, answers, o);
    const all = [...fields.examNumber, ...fields.objective.map((f) => f.field)];
    return all
      .filter((_, i) => pick(i))
      .map((f, i) => {
        const b = f.bubbles[i % f.bubbles.length]!;
        return (
          applyH(truth.transform, { x: b.rect.x + b.rect.w / 2, y: b.rect.y + b.rect.h / 2 }).x / truth.width
        );
      });
  }

  it.each([
    { seed: 3, width: 6, darkness: 0.8, feed: 0 as const },
    { seed: 5, width: 3, darkness: 0.5, feed: 0 as const },
    { seed: 7, width: 9, darkness: 0.85, feed: 180 as const },
    { seed: 9, width: 2, darkness: 0.35, feed: 90 as const },
  ])(
    'reads a typical sheet with lines down its bubbles as without them ($width px, $darkness)',
    async (c) => {
      const o: SimulateOptions = { seed: c.seed, difficulty: 'typical', dpi: 200, feed: c.feed };
      const answers = randomAnswers(page, createRng(c.seed), 'typical', '20260517');
      const xs = await bubbleColumns(o, (i) => i % 6 === c.seed % 6);
      const streaks = xs.map((x) => ({ x, width: c.width, darkness: c.darkness }));
      const clean = await simulateSheet(card, 0, answers, o);
      const dirty = await simulateSheet(card, 0, answers, { ...o, streaks });
      const before = await recognizePage(await decodeGrey(clean.jpeg), card, { reader });
      const after = await recognizePage(await decodeGrey(dirty.jpeg), card, { reader });
      expect(before.streaks).toBeUndefined();
      // every line found (lines closer than a bubble's width may be one)
      expect(after.streaks!.length).toBeGreaterThan(0);
      for (const s of after.streaks!)
        expect(xs.some((x) => Math.abs(x * dirty.truth.width - (s.x0 + s.x1) / 2) < 12)).toBe(true);
      expect(scoreSheet(card, dirty.truth, after).silentErrors).toEqual([]);
      expect(after.exceptions.map((e) => e.region)).toEqual(before.exceptions.map((e) => e.region));
      expect(after.examNumber.value).toBe('20260517');
      expect(after.objective.map((q) => q.reading.value)).toEqual(
        before.objective.map((q) => q.reading.value),
      );
    },
  );

  it('raises the fields under a line too wide to paint over, and reads the rest', async () => {
    const o: SimulateOptions = { seed: 13, difficulty: 'typical', dpi: 200, feed: 0 };
    const answers = randomAnswers(page, createRng(13), 'typical', '20260517');
    // one line 30 pixels wide down the exam number's third digit, and whatever questions lie below it
    const xs = await bubbleColumns(o, (i) => i === 2);
    const clean = await simulateSheet(card, 0, answers, o);
    const dirty = await simulateSheet(card, 0, answers, {
      ...o,
      streaks: xs.map((x) => ({ x, width: 30, darkness: 0.8 })),
    });
    const before = await recognizePage(await decodeGrey(clean.jpeg), card, { reader });
    const after = await recognizePage(await decodeGrey(dirty.jpeg), card, { reader });
    expect(after.streaks!.map((s) => s.wide)).toEqual([true]);
    expect(scoreSheet(card, dirty.truth, after).silentErrors).toEqual([]);
    const raised = after.exceptions.filter((e) => e.reason.includes('扫描竖线'));
    expect(raised.map((e) => e.type)).toContain('examNumber');
    expect(after.examNumber.value).toBeNull();
    expect(raised.filter((e) => e.type === 'objective').length).toBeGreaterThan(0);
    // every question away from the lines reads as on the clean scan
    const away = (q: string) => !raised.some((e) => e.region === q);
    expect(after.objective.filter((q) => away(q.question)).map((q) => q.reading.value)).toEqual(
      before.objective.filter((q) => away(q.question)).map((q) => q.reading.value),
    );
  });

  it('still calls a blank back blank, under a thin line and a wide one', async () => {
    const o: SimulateOptions = {
      seed: 11,
      difficulty: 'typical',
      dpi: 200,
      blank: true,
      streaks: [
        { x: 0.37, width: 5, darkness: 0.8 },
        { x: 0.7, width: 28, darkness: 0.8 },
      ],
    };
    const sim = await simulateSheet(card, 0, randomAnswers(page, createRng(11), 'typical', '20260517'), o);
    const r = await recognizePage(await decodeGrey(sim.jpeg), card, { reader });
    expect(r.status).toBe('blank');
    expect(r.streaks?.map((s) => s.wide ?? false)).toEqual([false, true]);
  });
});
