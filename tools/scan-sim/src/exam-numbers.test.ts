import { describe, expect, it } from 'vitest';
import { generateSet } from './generate';
import { readExamNumbers } from './exam-numbers';
import { typicalCard } from './typical-card';

describe('the 考号 a simulated set fills', () => {
  it('reads a list, or the first column of a CSV with a heading', () => {
    expect(readExamNumbers('20260101\n20260102\n\n')).toEqual({
      ok: true,
      numbers: ['20260101', '20260102'],
    });
    expect(readExamNumbers('\uFEFF考号,姓名,班级\r\n"20260101",张三,1班\r\n20260102,李四,2班\r\n')).toEqual({
      ok: true,
      numbers: ['20260101', '20260102'],
    });
    expect(readExamNumbers('20260101\n张三\n')).toEqual({
      ok: false,
      error: 'line 2: "张三" is not a 考号 (digits only)',
    });
    expect(readExamNumbers('考号\n')).toEqual({ ok: false, error: 'no 考号 found' });
  });

  it('gives each simulated student one of the exam numbers, in turn, on every page of the card', async () => {
    const card = typicalCard();
    const pages = card.pages.length;
    const examNumbers = ['20260101', '20260102'];
    const numberOf = async (i: number) =>
      (await generateSet(card, i, { seed: 1, difficulty: 'clean', examNumbers, dpi: 150 })).truth.answers
        .examNumber;
    expect(await numberOf(0)).toBe('20260101');
    expect(await numberOf(pages)).toBe('20260102');
    expect(await numberOf(2 * pages)).toBe('20260101');
  });
});
