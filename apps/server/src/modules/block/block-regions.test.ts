import { describe, expect, it } from 'vitest';
import { CardTemplateSchema, type CardTemplateInput } from '@yj/contracts';
import { proposeRegions } from './block-regions';

// An A3 page in two columns: the exam-number grid tops the left column above question 13's box; question
// 14's box tops the right column, 15 sits below it.
const card = (extra: Partial<CardTemplateInput['pages'][number]> = {}) =>
  CardTemplateSchema.parse({
    id: 'c',
    name: '主模板',
    pages: [
      {
        index: 0,
        width: 3000,
        height: 2000,
        examNumber: {
          name: '考号',
          kind: 'bubbles',
          grid: {
            origin: { x: 200, y: 100 },
            bubble: { w: 30, h: 20 },
            direction: 'vertical',
            options: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
            optionGap: 30,
            fieldGap: 50,
            count: 8,
          },
        },
        subjective: [
          { name: '13', question: '13', rect: { x: 100, y: 1000, w: 1200, h: 900 } },
          { name: '14', question: '14', rect: { x: 1600, y: 100, w: 1200, h: 800 } },
          { name: '15', question: '15', rect: { x: 1600, y: 950, w: 1200, h: 900 } },
        ],
        ...extra,
      },
    ],
  });

describe('proposeRegions', () => {
  it('joins boxes of one column and never bridges two columns across the exam number', () => {
    expect(proposeRegions(card(), ['13', '14', '15'])).toEqual([
      { page: 0, x: 100, y: 1000, w: 1200, h: 900 },
      { page: 0, x: 1600, y: 100, w: 1200, h: 1750 },
    ]);
  });

  it('joins two columns when nothing else lies between them', () => {
    const twoBoxes = card({ examNumber: undefined });
    twoBoxes.pages[0]!.subjective.pop();
    expect(proposeRegions(twoBoxes, ['13', '14'])).toEqual([{ page: 0, x: 100, y: 100, w: 2700, h: 1800 }]);
  });

  it("leaves out another block's box lying between its own", () => {
    expect(proposeRegions(card({ examNumber: undefined }), ['13', '15'])).toEqual([
      { page: 0, x: 100, y: 950, w: 2700, h: 950 },
    ]);
    const stacked = card({
      examNumber: undefined,
      subjective: [
        { name: '14', question: '14', rect: { x: 1600, y: 100, w: 1200, h: 500 } },
        { name: '15', question: '15', rect: { x: 1600, y: 650, w: 1200, h: 500 } },
        { name: '16', question: '16', rect: { x: 1600, y: 1200, w: 1200, h: 500 } },
      ],
    });
    expect(proposeRegions(stacked, ['14', '16'])).toEqual([
      { page: 0, x: 1600, y: 100, w: 1200, h: 500 },
      { page: 0, x: 1600, y: 1200, w: 1200, h: 500 },
    ]);
  });
});
