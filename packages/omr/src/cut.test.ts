import { describe, expect, it } from 'vitest';
import { cutPointOnPage, cutRegion, stackImages } from './cut';
import { applyH, invertH, type Matrix3 } from './geometry';
import type { GreyImage } from './image';

// A template page 400×300 with a dark bar at x 100–200, y 50–70 and a dark square at x 300–340, y 200–240;
// the scan is rotated 6°, enlarged 1.5× (300 dpi of a 200 dpi template), shifted and slightly in perspective.
const dark = (x: number, y: number) =>
  (x >= 100 && x < 200 && y >= 50 && y < 70) || (x >= 300 && x < 340 && y >= 200 && y < 240);
const a = (6 * Math.PI) / 180;
const s = 1.5;
const m: Matrix3 = [
  s * Math.cos(a),
  -s * Math.sin(a),
  80,
  s * Math.sin(a),
  s * Math.cos(a),
  30,
  2e-5,
  -1e-5,
  1,
];

function scan(): GreyImage {
  const width = 760;
  const height = 620;
  const inv = invertH(m);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = applyH(inv, { x: x + 0.5, y: y + 0.5 });
      data[y * width + x] = dark(t.x, t.y) ? 20 : 235;
    }
  return { width, height, data };
}

const at = (img: GreyImage, x: number, y: number) => img.data[y * img.width + x]!;

describe('cutRegion', () => {
  const img = scan();

  it('gives the template rectangle upright and at template scale, whatever the skew of the scan', () => {
    const cut = cutRegion(img, m, { x: 80, y: 30, w: 300, h: 230 });
    expect([cut.width, cut.height]).toEqual([300, 230]);
    // the bar: template 100–200 × 50–70 → cut 20–120 × 20–40; its edges are straight rows and columns
    for (const x of [22, 70, 117]) {
      expect(at(cut, x, 17)).toBeGreaterThan(200);
      expect(at(cut, x, 22)).toBeLessThan(60);
      expect(at(cut, x, 37)).toBeLessThan(60);
      expect(at(cut, x, 42)).toBeGreaterThan(200);
    }
    for (const y of [22, 37]) {
      expect(at(cut, 17, y)).toBeGreaterThan(200);
      expect(at(cut, 123, y)).toBeGreaterThan(200);
    }
    // the square: template 300–340 × 200–240 → cut 220–260 × 170–210
    expect(at(cut, 240, 190)).toBeLessThan(60);
    expect(at(cut, 215, 190)).toBeGreaterThan(200);
    expect(at(cut, 240, 215)).toBeGreaterThan(200);
    // what a bounding-box crop would have kept: dark rows over the whole width of the bar, none outside it
    const darkInRow = (y: number) =>
      Array.from({ length: cut.width }, (_, x) => at(cut, x, y) < 128).filter(Boolean).length;
    expect(darkInRow(30)).toBeGreaterThanOrEqual(99);
    expect(darkInRow(30)).toBeLessThanOrEqual(101);
  });

  it('reads outside the page as white paper', () => {
    const cut = cutRegion(img, m, { x: -100, y: -100, w: 50, h: 50 });
    expect(cut.data.every((v) => v === 255)).toBe(true);
  });
});

describe('stackImages', () => {
  it('puts regions under each other, left-aligned on white', () => {
    const a1 = { width: 3, height: 2, data: new Uint8Array(6).fill(0) };
    const b1 = { width: 1, height: 1, data: new Uint8Array([7]) };
    const out = stackImages([a1, b1]);
    expect([out.width, out.height]).toEqual([3, 3]);
    expect([...out.data]).toEqual([0, 0, 0, 0, 0, 0, 7, 255, 255]);
  });
});

describe('cutPointOnPage', () => {
  // two regions stacked with a 12 px gap: 100×20 on page 0 (identity), then 40×40 on page 1 (×2, shifted 10, 20);
  // the cut is 100 wide and 20 + 12 + 40 = 72 high
  const regions = [
    { page: 0, x: 100, y: 50, w: 100, h: 20 },
    { page: 1, x: 300, y: 200, w: 40, h: 40 },
  ];
  const id: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const twice: Matrix3 = [2, 0, 10, 0, 2, 20, 0, 0, 1];
  const of = (p: number) => (p === 0 ? id : twice);
  it('finds the region of a point and maps it through that page’s registration', () => {
    expect(cutPointOnPage(regions, 12, 0.5, 10 / 72, of)).toEqual({
      region: 0,
      page: 0,
      x: 150,
      y: 60,
      scale: 1,
    });
    // 42 px down: 10 px into the second region (it starts at 32); 20 px across: template (320, 210) → (650, 440)
    expect(cutPointOnPage(regions, 12, 0.2, 42 / 72, of)).toEqual({
      region: 1,
      page: 1,
      x: 650,
      y: 440,
      scale: 2,
    });
  });

  it('keeps a point beyond a narrower region, or in the gap, on the nearest region’s edge', () => {
    expect(cutPointOnPage(regions, 12, 0.9, 42 / 72, of)).toMatchObject({ region: 1, x: 690, y: 440 });
    expect(cutPointOnPage(regions, 12, 0.5, 25 / 72, of)).toMatchObject({ region: 0, x: 150, y: 70 });
    expect(cutPointOnPage(regions, 12, 0.5, 27 / 72, of)).toMatchObject({ region: 1, y: 420 });
  });

  it('is null without regions or without the page’s registration', () => {
    expect(cutPointOnPage([], 12, 0.5, 0.5, of)).toBeNull();
    expect(cutPointOnPage(regions, 12, 0.5, 0.9, (p) => (p === 0 ? id : null))).toBeNull();
  });
});
