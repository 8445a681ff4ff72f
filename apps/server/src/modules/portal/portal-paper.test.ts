import { describe, expect, it } from 'vitest';
import type { Matrix3 } from '@yj/omr';
import { marksOnPages, type ScannedPage } from './portal-paper';

// 学生端 原卷: the marking of a block's cut carried onto the scanned page it was cut from (hand-computed).
describe('marksOnPages', () => {
  const twice: Matrix3 = [2, 0, 0, 0, 2, 0, 0, 0, 1];
  const pages: ScannedPage[] = [
    // registered at twice the template's scale
    { pageId: 11, position: 0, templatePage: 0, matrix: twice },
    // not registered (定位异常 never fixed): no marking drawn on it
    { pageId: 12, position: 1, templatePage: 1, matrix: null },
  ];

  it('draws each annotation and the final score where the block lies on its page', () => {
    const out = marksOnPages(
      [
        {
          // one region 200 × 100 at (100, 50) of card page 0: the cut is 200 × 100
          regions: [{ page: 0, x: 100, y: 50, w: 200, h: 100 }],
          score: 7,
          fullScore: 10,
          marks: [
            { kind: 'tick', x: 0.5, y: 0.5 },
            { kind: 'circle', x: 0.25, y: 0.5, r: 0.1 },
            { kind: 'text', x: 0, y: 1, text: '步骤不全' },
          ],
        },
        {
          regions: [{ page: 1, x: 0, y: 0, w: 100, h: 100 }],
          score: 3,
          fullScore: 5,
          marks: [{ kind: 'cross', x: 0.5, y: 0.5 }],
        },
      ],
      pages,
    );
    expect(out).toEqual([
      {
        pageId: 11,
        position: 0,
        marks: [
          // template (200, 100) → page (400, 200)
          { kind: 'tick', x: 400, y: 200 },
          // template (150, 100) → (300, 200); r: 0.1 of the cut's 200 px, twice on the page
          { kind: 'circle', x: 300, y: 200, r: 40 },
          { kind: 'text', x: 200, y: 300, text: '步骤不全' },
        ],
        // the region's top right corner (300, 50) → (600, 100)
        scores: [{ x: 600, y: 100, score: 7, fullScore: 10 }],
      },
      { pageId: 12, position: 1, marks: [], scores: [] },
    ]);
  });
});
