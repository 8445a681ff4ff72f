import type { PortalTrend } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { TOTAL, trendModes, trendOption, trendSeries } from './trend-chart';

const point = (score: number, over: object = {}) => ({ score, fullScore: 100, rate: score / 100, ...over });
const trend: PortalTrend = [
  {
    examId: 1,
    name: '期中',
    date: '2026-04-20',
    total: point(80, { gradeRank: 12 }),
    subjects: [{ name: '数学', ...point(80, { band: '前 30%' }) }],
  },
  {
    examId: 2,
    name: '期末',
    date: '2026-07-01',
    total: point(90),
    subjects: [
      { name: '语文', ...point(70) },
      { name: '数学', ...point(20, { band: '后 40%' }) },
    ],
  },
];

describe('the across-exams chart', () => {
  it('offers the total and every subject met, in order', () => {
    expect(trendSeries(trend)).toEqual([TOTAL, '数学', '语文']);
  });

  it('offers rank or band only where some exam published them', () => {
    expect(trendModes(trend, TOTAL)).toEqual(['得分率', '年级排名']);
    expect(trendModes(trend, '数学')).toEqual(['得分率', '等级段']);
    expect(trendModes(trend, '语文')).toEqual(['得分率']);
  });

  it('draws one line, a gap where an exam has no figure; ranks upside down (1 on top)', () => {
    const data = (o: ReturnType<typeof trendOption>) => (o.series as Array<{ data: unknown[] }>)[0]!.data;
    expect(data(trendOption(trend, TOTAL, '得分率'))).toEqual([80, 90]);
    const rank = trendOption(trend, TOTAL, '年级排名');
    expect(data(rank)).toEqual([12, null]);
    expect(rank.yAxis).toMatchObject({ inverse: true });
    expect(data(trendOption(trend, '语文', '得分率'))).toEqual([null, 70]);
    expect(data(trendOption(trend, '数学', '等级段'))).toEqual(['前 30%', '后 40%']);
  });
});
