import { describe, expect, it } from 'vitest';
import type { Matrix3 } from './geometry';
import type { GreyImage } from './image';
import { INKED, inkPrint, MIN_INKED, printLikeness } from './ink-print';

// A box whose inner 92 % is 200 template px square: at 254 dpi a 2 mm cell is 20 px, so 10 × 10 cells, the
// first starting at 0.04 × 217.39 = 8.70 px.
const W = 200 / 0.92;
const page = { dpi: 254, subjective: [{ rect: { x: 0, y: 0, w: W, h: W } }] } as Parameters<
  typeof inkPrint
>[2];
const START = W * 0.04;
const ID: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

const paper = (level: number, size = 240): GreyImage => ({
  width: size,
  height: size,
  data: new Uint8Array(size * size).fill(level),
});

/** Paints cells (column, row) of the grid, shifted by (dx, dy) image px, at grey `level`. */
function paint(img: GreyImage, cells: [number, number][], level: number, dx = 0, dy = 0): GreyImage {
  for (const [cx, cy] of cells)
    for (let y = Math.floor(START + cy * 20 + dy); y < Math.ceil(START + (cy + 1) * 20 + dy); y++)
      for (let x = Math.floor(START + cx * 20 + dx); x < Math.ceil(START + (cx + 1) * 20 + dx); x++)
        img.data[y * img.width + x] = level;
  return img;
}

const block = (n: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [2 + (i % 3), 3 + Math.floor(i / 3)] as [number, number]);

describe('inkPrint', () => {
  it('keeps each written cell’s darkening below the blank beyond INKED, and nothing where none was written', () => {
    const p = inkPrint(paint(paper(240), block(MIN_INKED), 140), ID, page, paper(240), 2)!;
    expect(p.cells).toHaveLength(100);
    expect(p.inked).toBe(MIN_INKED);
    // 240 − 140 = 100 levels darker, INKED of it paper noise
    for (const [cx, cy] of block(MIN_INKED)) expect(p.cells[cy * 10 + cx]).toBe(100 - INKED);
    expect([...p.cells].filter((v) => v === 0)).toHaveLength(100 - MIN_INKED);
  });

  it('gives no print for a page with too little writing, or without the printed blank', () => {
    expect(inkPrint(paint(paper(240), block(MIN_INKED - 1), 140), ID, page, paper(240), 2)).toBeNull();
    expect(inkPrint(paint(paper(240), block(MIN_INKED), 140), ID, page, undefined, 2)).toBeNull();
    // darkening under INKED is not writing
    expect(inkPrint(paint(paper(240), block(50), 240 - INKED), ID, page, paper(240), 2)).toBeNull();
  });

  it('does not take the card’s print for writing when the scanner makes the paper whiter than the blank', () => {
    // printed cells at 100 on a 200 blank; the scan shows paper at 250 and that print at 125 (× 1.25)
    const blank = paint(paper(200), block(30), 100);
    const scan = paint(paper(250), block(30), 125);
    expect(inkPrint(scan, ID, page, blank, 2)).toBeNull();
    // and writing over that print is its darkening below the print as the scan shows it
    const p = inkPrint(paint(scan, block(MIN_INKED), 60), ID, page, blank, 2)!;
    expect(p.cells[3 * 10 + 2]).toBe(125 - 60 - INKED);
  });

  it('reads the same cells through the registration of a page lying elsewhere in the image', () => {
    const h: Matrix3 = [1, 0, 7, 0, 1, 4, 0, 0, 1];
    const moved = inkPrint(paint(paper(240), block(MIN_INKED), 140, 7, 4), h, page, paper(240), 2)!;
    const still = inkPrint(paint(paper(240), block(MIN_INKED), 140), ID, page, paper(240), 2)!;
    expect([...moved.cells]).toEqual([...still.cells]);
  });
});

describe('printLikeness', () => {
  it('is Σ min over Σ max of the cells', () => {
    const a = { cells: Uint8Array.from([80, 0, 40, 0]) };
    const b = { cells: Uint8Array.from([40, 0, 40, 20]) };
    // min 40 + 0 + 40 + 0 = 80; max 80 + 0 + 40 + 20 = 140
    expect(printLikeness(a, b)).toBeCloseTo(80 / 140, 10);
    expect(printLikeness(a, a)).toBe(1);
    expect(printLikeness(a, { cells: Uint8Array.from([0, 30, 0, 9]) })).toBe(0);
  });

  it('is 0 for prints of different layouts', () => {
    expect(printLikeness({ cells: new Uint8Array(3).fill(9) }, { cells: new Uint8Array(4).fill(9) })).toBe(0);
  });
});
