import { describe, expect, it } from 'vitest';
import type { Report } from '@yj/contracts';
import { overviewOption, radarOption } from './report-charts';

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

describe('overviewOption (成绩概览)', () => {
  const cls = (
    name: string,
    sat: number,
    mean: number | null,
    excellent: number | null,
    pass: number | null,
  ) =>
    ({
      id: name.length,
      name,
      schoolId: 1,
      schoolName: '一中',
      sat,
      mean,
      excellent: { rate: excellent },
      pass: { rate: pass },
    }) as unknown as Report['classes'][number];
  const report = {
    complete: true,
    fullScore: 150,
    overall: { mean: 91.456 },
    classes: [
      cls('1班', 40, 95.123, 0.125, 0.9),
      cls('2班', 0, null, null, null),
      cls('3班', 38, 87.7, 0, 0.7555),
    ],
  } as unknown as Report;

  it('a bar of each sat class’s mean on 0–满分, the exam mean dashed across, 优秀率 and 及格率 in percent', () => {
    const o = overviewOption(report) as {
      xAxis: { data: string[] };
      yAxis: { max: number }[];
      series: { name: string; data: (number | null)[]; markLine?: { data: { yAxis: number }[] } }[];
    };
    expect(o.xAxis.data).toEqual(['1班', '3班']);
    expect(o.yAxis.map((y) => y.max)).toEqual([150, 100]);
    expect(o.series.map((x) => [x.name, x.data])).toEqual([
      ['平均分', [95.12, 87.7]],
      ['优秀率(%)', [12.5, 0]],
      ['及格率(%)', [90, 75.55]],
    ]);
    expect(o.series[0]!.markLine!.data).toEqual([{ yAxis: 91.46 }]);
  });
});
