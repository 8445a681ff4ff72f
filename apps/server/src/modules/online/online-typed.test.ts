import { describe, expect, it } from 'vitest';
import {
  TYPED_PAGE,
  typedPageHeight,
  typedPageIndex,
  typedPageSvg,
  typedRegions,
  wrapLines,
} from './online-typed';

// a written answer as a typed page (issue 34): pages by written question, blocks over whole pages, lines wrapped
describe('typed pages', () => {
  const questions = [
    { no: '1', kind: 'single' },
    { no: '21', kind: 'subjective' },
    { no: '3', kind: 'multi' },
    { no: '22', kind: 'subjective' },
    { no: '23', kind: 'subjective' },
  ];

  it('numbers the written questions’ pages in order; a block covers its questions’ whole pages', () => {
    const index = typedPageIndex(questions);
    expect([...index]).toEqual([
      ['21', 0],
      ['22', 1],
      ['23', 2],
    ]);
    const full = { x: 0, y: 0, w: TYPED_PAGE.w, h: TYPED_PAGE.h };
    expect(typedRegions(['23', '21', '1'], index)).toEqual([
      { page: 0, ...full },
      { page: 2, ...full },
    ]);
    expect(typedRegions(['1'], index)).toEqual([]);
  });

  it('wraps by width: a Chinese character one em, a Latin one about half; keeps the typed line breaks', () => {
    expect(wrapLines('一二三四五', 2)).toEqual(['一二', '三四', '五']);
    expect(wrapLines('abcd', 2)).toEqual(['abc', 'd']);
    expect(wrapLines('甲\n\n乙', 10)).toEqual(['甲', '', '乙']);
  });

  it('escapes the text and says so when nothing was written', () => {
    const svg = typedPageSvg('21', 'a<b & "c"');
    expect(svg).toContain('第 21 题');
    expect(svg).toContain('a&lt;b &amp; &quot;c&quot;');
    expect(typedPageSvg('22', '  ')).toContain('（未作答）');
  });

  it('draws every line of a long answer, the page and its region as tall as they need', () => {
    const text = Array.from({ length: 100 }, (_, i) => `第${i + 1}行`).join('\n');
    const svg = typedPageSvg('21', text);
    for (let i = 1; i <= 100; i++) expect(svg).toContain(`>第${i}行<`);
    expect(svg).not.toContain('未显示');
    const h = typedPageHeight(text);
    expect(svg).toContain(`height="${h}"`);
    // the last line's baseline inside the page
    const last = Number(/y="(\d+)"[^>]*>第100行</.exec(svg)![1]);
    expect(last).toBeLessThan(h - TYPED_PAGE.margin);
    const [region] = typedRegions(
      ['21'],
      typedPageIndex([{ no: '21', kind: 'subjective' }]),
      new Map([[0, h]]),
    );
    expect(region).toEqual({ page: 0, x: 0, y: 0, w: TYPED_PAGE.w, h });
  });
});
