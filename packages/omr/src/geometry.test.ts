import { describe, expect, it } from 'vitest';
import { applyH, fitAffine, fitHomography, invertH, multiplyH, rmsError, type Matrix3 } from './geometry';

const truth: Matrix3 = [0.98, -0.08, 120, 0.085, 1.01, -40, 2e-6, -1e-6, 1];
const corners = [
  { x: 100, y: 100 },
  { x: 3200, y: 110 },
  { x: 90, y: 2250 },
  { x: 3210, y: 2240 },
  { x: 1600, y: 1200 },
];

describe('homography fit', () => {
  it('recovers a perspective transform from 4 points exactly', () => {
    const h = fitHomography(
      corners.slice(0, 4),
      corners.slice(0, 4).map((p) => applyH(truth, p)),
    );
    expect(h).not.toBeNull();
    const q = applyH(h!, { x: 1234, y: 567 });
    const t = applyH(truth, { x: 1234, y: 567 });
    expect(Math.hypot(q.x - t.x, q.y - t.y)).toBeLessThan(1e-6);
  });

  it('reports the residual of inconsistent points', () => {
    const to = corners.map((p) => applyH(truth, p));
    to[4] = { x: to[4]!.x + 10, y: to[4]!.y };
    const h = fitHomography(corners, to)!;
    expect(rmsError(h, corners, to)).toBeGreaterThan(1);
  });

  it('fits an affine transform from 3 points', () => {
    const aff: Matrix3 = [1.02, 0.05, 10, -0.05, 1.02, 20, 0, 0, 1];
    const h = fitAffine(
      corners.slice(0, 3),
      corners.slice(0, 3).map((p) => applyH(aff, p)),
    )!;
    const q = applyH(h, { x: 500, y: 900 });
    const t = applyH(aff, { x: 500, y: 900 });
    expect(Math.hypot(q.x - t.x, q.y - t.y)).toBeLessThan(1e-6);
  });

  it('inverts and composes', () => {
    const id = multiplyH(truth, invertH(truth));
    const p = applyH(id, { x: 321, y: 654 });
    expect(p.x).toBeCloseTo(321, 6);
    expect(p.y).toBeCloseTo(654, 6);
  });

  it('refuses collinear points', () => {
    const line = [0, 1, 2, 3].map((i) => ({ x: i * 100, y: i * 100 }));
    expect(fitHomography(line, line)).toBeNull();
  });
});
