import { describe, expect, it } from 'vitest';
import type { Report } from '@yj/contracts';
import { radarOption } from './report-charts';

const group = (id: number, name: string, parts: (number | null)[]) =>
  ({ id, name, schoolId: 1, schoolName: '一中', parts }) as unknown as Report['classes'][number];

const r = {
  schools: [{ id: 1 }],
  questions: [
    { no: '1', scoreRate: 0.5 },
    { no: '2', scoreRate: 0.755 },
    { no: '3', scoreRate: null },
  ],
  classes: [group(7, '1班', [0.25, 1, null]), group(8, '2班', [0.5, 0.5, 0.5])],
} as unknown as Report;

describe('radarOption', () => {
  it('an axis per question 0–100 %, the exam dashed, then each chosen class in percent', () => {
    const o = radarOption(r, [8]) as {
      radar: { indicator: { name: string; max: number }[] };
      legend: { data: string[] };
      series: { data: { name: string; value: number[] }[] }[];
    };
    expect(o.radar.indicator).toEqual([
      { name: '第1题', max: 100, min: 0 },
      { name: '第2题', max: 100, min: 0 },
      { name: '第3题', max: 100, min: 0 },
    ]);
    expect(o.legend.data).toEqual(['全体', '2班']);
    // 75.5 %, and nobody scored on question 3: drawn at 0
    expect(o.series[0]!.data.map((d) => [d.name, d.value])).toEqual([
      ['全体', [50, 75.5, 0]],
      ['2班', [50, 50, 50]],
    ]);
  });
});
