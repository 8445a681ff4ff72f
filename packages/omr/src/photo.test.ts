import { beforeAll, describe, expect, it } from 'vitest';
import { generatePhoto, quizCard, scoreSheet } from '@yj/scan-sim';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { BarcodeReader } from './barcode';
import { applyH, fitHomography, type Point } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey, loadZxingReader } from './node';
import { evenLighting, recognizePhoto, straightenPhoto, warpQuad } from './photo';
import { findSheet, otsu } from './photo-quad';

// Phone photos (issue 33): hand-made pictures with known corners and light for the pure steps, then
// simulated photos of the quiz card read end to end against the simulator's truth.

/** A `w` × `h` desk of grey `desk` with a sheet of grey `paper` filling the quadrilateral `quad`. */
function deskWithSheet(w: number, h: number, quad: Point[], desk = 80, paper = 230): GreyImage {
  const data = new Uint8Array(w * h).fill(desk);
  // inside a convex quadrilateral (clockwise): on the right of every side
  const inside = (x: number, y: number) =>
    quad.every((a, i) => {
      const b = quad[(i + 1) % 4]!;
      return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0;
    });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (inside(x + 0.5, y + 0.5)) data[y * w + x] = paper;
  return { width: w, height: h, data };
}

describe('finding the sheet in a photo', () => {
  it('puts the corners of a tilted sheet within 1.5 % of the photo of where they are', () => {
    const quad = [
      { x: 210, y: 140 },
      { x: 1010, y: 190 },
      { x: 1060, y: 1420 },
      { x: 150, y: 1380 },
    ];
    const found = findSheet(deskWithSheet(1200, 1600, quad));
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    found.quad.forEach((p, i) => {
      expect(Math.abs(p.x - quad[i]!.x)).toBeLessThan(24);
      expect(Math.abs(p.y - quad[i]!.y)).toBeLessThan(24);
    });
  });

  it('finds no sheet on a photo of one grey, nor on one whose sheet runs off the frame', () => {
    expect(findSheet({ width: 800, height: 600, data: new Uint8Array(800 * 600).fill(200) }).ok).toBe(false);
    const cut = findSheet(
      deskWithSheet(1200, 1600, [
        { x: -200, y: 100 },
        { x: 1000, y: 100 },
        { x: 1000, y: 1500 },
        { x: -200, y: 1500 },
      ]),
    );
    expect(cut).toMatchObject({ ok: false });
  });

  it("splits a desk from paper at Otsu's cut between their greys", () => {
    const d = new Uint8Array(100);
    d.fill(60, 0, 40);
    d.fill(220, 40);
    const o = otsu(d);
    expect(o.cut).toBeGreaterThan(60);
    expect(o.cut).toBeLessThanOrEqual(220);
    expect(o.low).toBe(60);
    expect(o.high).toBe(220);
  });
});

describe('straightening and lighting', () => {
  it('warps the quadrilateral onto the page: a dot at a known page point lands there', () => {
    const quad = [
      { x: 100, y: 80 },
      { x: 500, y: 120 },
      { x: 520, y: 700 },
      { x: 60, y: 660 },
    ];
    const img = deskWithSheet(600, 800, quad);
    // a dark 6 × 6 dot where page point (100, 150) of a 200 × 300 page falls in the photo
    const h = fitHomography(
      [
        { x: 0, y: 0 },
        { x: 200, y: 0 },
        { x: 200, y: 300 },
        { x: 0, y: 300 },
      ],
      quad,
    )!;
    const at = applyH(h, { x: 100, y: 150 });
    for (let y = -3; y < 3; y++)
      for (let x = -3; x < 3; x++) img.data[(Math.round(at.y) + y) * 600 + Math.round(at.x) + x] = 0;
    const page = warpQuad(img, quad, 200, 300);
    expect(page.data[150 * 200 + 100]).toBeLessThan(60);
    expect(page.data[20 * 200 + 20]).toBe(230);
  });

  it('evens a light falling from 240 to 120 across the page: paper reads alike, ink stays dark', () => {
    const w = 480;
    const h = 480;
    const data = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const light = 240 - (120 * x) / w;
        // ink at a fifth of the paper's light in two 12 px squares, one each side
        const ink = y >= 200 && y < 212 && ((x >= 40 && x < 52) || (x >= 420 && x < 432));
        data[y * w + x] = ink ? light * 0.2 : light;
      }
    const out = evenLighting({ width: w, height: h, data });
    const at = (x: number, y: number) => out.data[y * w + x]!;
    expect(Math.abs(at(20, 100) - 235)).toBeLessThanOrEqual(8);
    expect(Math.abs(at(460, 100) - 235)).toBeLessThanOrEqual(8);
    expect(at(46, 206)).toBeLessThan(60);
    expect(at(426, 206)).toBeLessThan(60);
  });
});

describe('simulated phone photos of the quiz card', () => {
  const card = quizCard();
  let reader: BarcodeReader;
  beforeAll(async () => {
    reader = await loadZxingReader();
  });

  it('reads every answer and the exam number of photos with tilt, shadow, blur and a desk around', async () => {
    for (const i of [0, 1, 2]) {
      const s = await generatePhoto(i, { seed: 11, difficulty: 'typical' });
      const r = await recognizePhoto(await decodeGrey(s.jpeg), card, { reader });
      const score = scoreSheet(card, s.truth, r.result);
      expect(score.silentErrors, `photo ${i}`).toEqual([]);
      expect(score.examNumberCorrect, `photo ${i}`).toBe(true);
      expect(r.quad, `photo ${i}`).not.toBeNull();
      expect(r.image.width).toBe(Math.round(card.pages[0]!.width));
    }
  }, 120_000);

  it('makes a photo whose sheet is cut off a 定位异常 with the photo as its picture', async () => {
    const s = await generatePhoto(0, { seed: 11, difficulty: 'typical' });
    const full = await decodeGrey(s.jpeg);
    // the left 40 % cut away: anchors and an edge of the sheet gone
    const left = Math.round(full.width * 0.4);
    const { data, info } = await sharp(Buffer.from(full.data), {
      raw: { width: full.width, height: full.height, channels: 1 },
    })
      .extract({ left, top: 0, width: full.width - left, height: full.height })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img = { width: info.width, height: info.height, data: new Uint8Array(data) };
    expect(straightenPhoto(img, card).ok).toBe(false);
    const r = await recognizePhoto(img, card, { reader });
    expect(r.result.status).toBe('exception');
    expect(r.result.exceptions[0]).toMatchObject({ type: 'location' });
    expect(r.result.objective).toEqual([]);
    expect(r.image).toBe(img);
  }, 60_000);
});

describe('real phone photos (OMRChecker samples, A4 sheets)', () => {
  const dir = new URL('../test-fixtures/omrchecker-photos/', import.meta.url);
  it.each(['rgb-100-gsm.jpg', 'IMG_20201116_150717658.jpg', 'IMG_20201116_143512.jpg'])(
    'finds the sheet of %s as an A4-shaped quadrilateral',
    async (name) => {
      const img = await decodeGrey(await readFile(new URL(name, dir)));
      const found = findSheet(img, 297 / 210);
      expect(found.ok).toBe(true);
      if (!found.ok) return;
      const q = found.quad;
      const len = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
      const across = (len(q[0], q[1]) + len(q[3], q[2])) / 2;
      const down = (len(q[0], q[3]) + len(q[1], q[2])) / 2;
      // A4 is 297 / 210 = 1.414; a photo taken at a slant foreshortens one way by a few per cent
      expect(Math.max(across, down) / Math.min(across, down)).toBeGreaterThan(1.3);
      expect(Math.max(across, down) / Math.min(across, down)).toBeLessThan(1.52);
      // the sheet is well inside the photo, not the photo's own frame
      expect(across * down).toBeLessThan(img.width * img.height * 0.9);
    },
    30_000,
  );
});
