import { CardTemplateSchema, type CardTemplate } from '@yj/contracts';

// A small one-page card for tests of the subjective rules (判空, 归组): answer boxes of the typical card's
// size (980 × 440 px at 200 dpi), two to a row, and one objective group (the simulator's erasures need
// bubbles). One sheet holds several answers, and a sheet of four boxes is 0.43 of the A3 page: tests that
// scan dozens of answers stay quick on a loaded machine.

const BOX = { w: 980, h: 440 };

/** A card of `boxes` answer boxes, questions 41, 42 … (box 41 top left), in two columns. */
export function boxesCard(boxes: number): CardTemplate {
  const width = 2360;
  const height = 380 + Math.ceil(boxes / 2) * 480 + 140;
  const anchor = (x: number, y: number) => ({ x, y, w: 44, h: 44 });
  return CardTemplateSchema.parse({
    id: `boxes-${boxes}`,
    name: '主观题测试卡',
    pages: [
      {
        index: 0,
        width,
        height,
        dpi: 200,
        anchors: [
          { name: '左上定位点', rect: anchor(90, 90) },
          { name: '右上定位点', rect: anchor(width - 134, 90) },
          { name: '左下定位点', rect: anchor(90, height - 134) },
          { name: '右下定位点', rect: anchor(width - 134, height - 134) },
        ],
        objective: [
          {
            name: '客观题1-5',
            kind: 'single',
            firstQuestion: 1,
            grid: {
              origin: { x: 250, y: 150 },
              bubble: { w: 34, h: 20 },
              direction: 'horizontal',
              options: ['A', 'B', 'C', 'D'],
              optionGap: 62,
              fieldGap: 40,
              count: 5,
            },
          },
        ],
        subjective: Array.from({ length: boxes }, (_, i) => ({
          name: `第${41 + i}题`,
          question: String(41 + i),
          rect: { x: 170 + (i % 2) * 1040, y: 380 + Math.floor(i / 2) * 480, ...BOX },
        })),
      },
    ],
  });
}
