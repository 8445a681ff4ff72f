import { describe, expect, it } from 'vitest';
import { rectFromPoints, snapRect } from './geometry';
import {
  blockCells,
  detectedBubblesIn,
  latticeFromDrag,
  latticeOfGrid,
  snapToDetected,
  toBubbleGrid,
  type DetectedGrid,
} from './lattice';

/** A detected 5 × 4 lattice of 34 × 20 bubbles, 62 px apart across and 40 px down. */
function grid(x0 = 250, y0 = 840, rows = 5, cols = 4): DetectedGrid {
  const cells = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => ({ x: x0 + c * 62, y: y0 + r * 40, w: 34, h: 20 })),
  );
  return {
    rect: { x: x0, y: y0, w: (cols - 1) * 62 + 34, h: (rows - 1) * 40 + 20 },
    rows,
    cols,
    bubble: { w: 34, h: 20 },
    pitch: { x: 62, y: 40 },
    cells,
  };
}

describe('drag to bubble grid', () => {
  it('reads a drag in any direction as the same rectangle', () => {
    expect(rectFromPoints({ x: 50, y: 80 }, { x: 10, y: 20 })).toEqual({ x: 10, y: 20, w: 40, h: 60 });
  });

  it('divides a drag from the first bubble to the last into rows and columns', () => {
    // 4 options 62 apart with 34-px bubbles span 3 × 62 + 34 = 220 px
    const l = latticeFromDrag({ x: 250, y: 840, w: 220, h: 180 }, 5, 4, { w: 34, h: 20 });
    expect(l.pitch).toEqual({ x: 62, y: 40 });
    const g = toBubbleGrid(l, 'horizontal', ['A', 'B', 'C', 'D']);
    expect(g).toMatchObject({ count: 5, optionGap: 62, fieldGap: 40, origin: { x: 250, y: 840 } });
    const last = blockCells({ grid: g }).at(-1)!;
    expect(last.rect).toEqual({ x: 436, y: 1000, w: 34, h: 20 });
    expect(last).toMatchObject({ label: 'D', field: 4 });
  });

  it('estimates the bubble size from the pitch when it is not given', () => {
    const l = latticeFromDrag({ x: 0, y: 0, w: 220, h: 180 }, 5, 4);
    expect(l.bubble.w).toBeGreaterThan(20);
    expect(l.bubble.w).toBeLessThan(50);
    expect(l.origin).toEqual({ x: 0, y: 0 });
  });

  it('turns an exam-number lattice into digits running downwards', () => {
    const l = latticeFromDrag({ x: 240, y: 420, w: 426, h: 308 }, 10, 8, { w: 34, h: 20 });
    const g = toBubbleGrid(l, 'vertical', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(g.count).toBe(8);
    expect(g.options).toHaveLength(10);
    expect(latticeOfGrid(g)).toMatchObject({ rows: 10, cols: 8 });
  });
});

describe('snapping', () => {
  it('takes a detected lattice exactly when the drag covers it roughly', () => {
    const l = snapToDetected({ x: 240, y: 830, w: 240, h: 200 }, [grid(), grid(700)]);
    expect(l).toEqual({
      origin: { x: 250, y: 840 },
      bubble: { w: 34, h: 20 },
      rows: 5,
      cols: 4,
      pitch: { x: 62, y: 40 },
    });
  });

  it('takes only the rows the drag covers', () => {
    const l = snapToDetected({ x: 245, y: 875, w: 230, h: 60 }, [grid()]);
    expect(l).toMatchObject({ origin: { x: 250, y: 880 }, rows: 2, cols: 4 });
  });

  it('continues a lattice the detector split, at its pitch, as far as the drag goes', () => {
    // the detector saw columns 2–4 as one lattice and missed column 1 (touching a frame line)
    const split = grid(312, 840, 5, 3);
    const l = snapToDetected({ x: 240, y: 830, w: 240, h: 200 }, [split]);
    expect(l).toMatchObject({ origin: { x: 250, y: 840 }, rows: 5, cols: 4 });
    // a drag that stops at the detected lattice takes it as it is
    expect(snapToDetected({ x: 300, y: 830, w: 180, h: 200 }, [split])).toMatchObject({
      origin: { x: 312, y: 840 },
      cols: 3,
    });
  });

  it('collects the detected bubbles of a lettered exam-number column, column by column', () => {
    const left = grid(250, 840, 4, 1);
    const right = grid(312, 840, 3, 1);
    const stray = { x: 900, y: 900, w: 34, h: 20 };
    const found = detectedBubblesIn({ x: 240, y: 830, w: 120, h: 180 }, [right, left, left], [stray]);
    expect(found.map((r) => [r.x, r.y])).toEqual([
      [250, 840],
      [250, 880],
      [250, 920],
      [250, 960],
      [312, 840],
      [312, 880],
      [312, 920],
    ]);
  });

  it('does not snap when no detected bubble is inside the drag', () => {
    expect(snapToDetected({ x: 0, y: 0, w: 100, h: 100 }, [grid()])).toBeNull();
  });

  it('snaps a loose frame around a mark to the mark', () => {
    const mark = { x: 89, y: 88, w: 44, h: 44 };
    expect(snapRect({ x: 80, y: 80, w: 70, h: 70 }, [mark, { x: 3163, y: 85, w: 44, h: 44 }])).toEqual(mark);
    expect(snapRect({ x: 0, y: 0, w: 600, h: 600 }, [mark])).toBeNull();
  });
});
