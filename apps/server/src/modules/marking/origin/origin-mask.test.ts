import { describe, expect, it } from 'vitest';
import type { TemplatePage } from '@yj/contracts';
import { identityRegions, paint, toPixels } from './origin-mask';

// Hand-computed bands (PAD 24 template pixels) for the layouts cards use.
const page = (p: Partial<TemplatePage>): TemplatePage => ({
  index: 0,
  width: 1000,
  height: 1400,
  dpi: 200,
  anchors: [],
  locationAreas: [],
  objective: [],
  optional: [],
  subjective: [],
  scoreBoxes: [],
  ...p,
});
const barcode = (x: number, y: number, w: number, h: number) =>
  ({ name: '考号', kind: 'code128', rect: { x, y, w, h } }) as const;

describe('identityRegions', () => {
  it('one column: the whole width from the top to just below the exam number', () => {
    const p = page({ examNumber: barcode(600, 40, 300, 100) });
    expect(identityRegions(p)).toEqual([
      { x: 576, y: 16, w: 348, h: 148 },
      { x: 0, y: 0, w: 1000, h: 164 },
    ]);
  });

  it('answer boxes beside the exam number stop the band; a box below it ends it', () => {
    const p = page({
      examNumber: barcode(100, 300, 200, 100),
      subjective: [
        // the next column, from the top of the page past the exam number
        { name: '42', question: '42', rect: { x: 350, y: 20, w: 300, h: 900 } },
        // under the exam number, closer than the padding
        { name: '41', question: '41', rect: { x: 20, y: 410, w: 300, h: 200 } },
      ],
    });
    expect(identityRegions(p)[1]).toEqual({ x: 0, y: 0, w: 350, h: 410 });
  });

  it('a block region above the exam number in its column: the band starts below it', () => {
    const p = page({ examNumber: barcode(100, 600, 200, 100) });
    expect(identityRegions(p, [{ x: 50, y: 100, w: 400, h: 300 }])[1]).toEqual({
      x: 0,
      y: 400,
      w: 1000,
      h: 324,
    });
  });

  it('a bubble exam number spans its bubbles; a page without one masks only its QR', () => {
    const p = page({
      examNumber: {
        name: '考号',
        kind: 'bubbles',
        grid: {
          origin: { x: 100, y: 200 },
          bubble: { w: 20, h: 10 },
          direction: 'vertical',
          options: ['0', '1', '2'],
          optionGap: 15,
          fieldGap: 30,
          count: 4,
        },
      },
    });
    // x 100 … 100+3·30+20 = 210, y 200 … 200+2·15+10 = 240
    expect(identityRegions(p)[0]).toEqual({ x: 76, y: 176, w: 158, h: 88 });
    expect(identityRegions(page({ identity: { name: 'QR', rect: { x: 10, y: 10, w: 50, h: 50 } } }))).toEqual(
      [{ x: -14, y: -14, w: 98, h: 98 }],
    );
  });
});

describe('toPixels and paint', () => {
  it('maps through the registration, clamps to the image and paints grey', () => {
    // scale 2 and a shift of (5, 7)
    const m = [2, 0, 5, 0, 2, 7, 0, 0, 1] as const;
    const px = toPixels(
      [
        { x: -10, y: 1, w: 10, h: 2 },
        { x: 1, y: 1, w: 2, h: 1 },
      ],
      [...m],
      { width: 10, height: 10 },
    );
    expect(px).toEqual([
      { x: 0, y: 9, w: 5, h: 1 },
      { x: 7, y: 9, w: 3, h: 1 },
    ]);
    const img = { width: 10, data: new Uint8Array(100).fill(255) };
    paint(img, px);
    expect([...img.data.slice(90, 100)]).toEqual([160, 160, 160, 160, 160, 255, 255, 160, 160, 160]);
  });
});
