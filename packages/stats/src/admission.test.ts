import { describe, expect, it } from 'vitest';
import { admissionYears } from './admission';

const undergraduate = new Set(['本科批', '本科一批', '强基计划']);

describe('admissionYears', () => {
  it('sums each year by batch and level, a level counting in the ones below it', () => {
    const years = admissionYears(
      [
        { year: 2025, batch: '本科一批', level: '985', count: 3 },
        { year: 2025, batch: '本科一批', level: '211', count: 5 },
        { year: 2025, batch: '强基计划', level: '双一流', count: 1 },
        { year: 2025, batch: '本科批', level: '普通本科', count: 20 },
        { year: 2025, batch: '专科批', level: '专科院校', count: 7 },
        { year: 2025, batch: '出国（境）', level: '境外院校', count: 2 },
        { year: 2026, batch: '本科批', level: '', count: 4 },
      ],
      [],
      undergraduate,
    );
    // hand-computed: total 3+5+1+20+7+2 = 38; 本科 3+5+1+20 = 29; 专科 7; 985 3; 211 3+5 = 8; 双一流 8+1 = 9
    expect(years.map((y) => y.year)).toEqual([2026, 2025]);
    expect(years[1]).toMatchObject({
      total: 38,
      undergraduate: 29,
      junior: 7,
      c985: 3,
      c211: 8,
      doubleFirst: 9,
    });
    expect(years[0]).toMatchObject({
      total: 4,
      undergraduate: 4,
      junior: 0,
      c985: 0,
      c211: 0,
      doubleFirst: 0,
    });
  });

  it('lists the universities most admitted to, ties by name, at most `top`', () => {
    const [y] = admissionYears(
      [{ year: 2025, batch: '本科批', level: '', count: 9 }],
      [
        { year: 2025, university: '乙大学', count: 2 },
        { year: 2025, university: '甲大学', count: 2 },
        { year: 2025, university: '丙大学', count: 5 },
        { year: 2025, university: '丁大学', count: 1 },
      ],
      undergraduate,
      3,
    );
    expect(y!.topUniversities).toEqual([
      { university: '丙大学', count: 5 },
      // '乙' (U+4E59) sorts before '甲' (U+7532) by code point
      { university: '乙大学', count: 2 },
      { university: '甲大学', count: 2 },
    ]);
  });

  it('answers no years for no rows', () => {
    expect(admissionYears([], [], undergraduate)).toEqual([]);
  });
});
