import type { PortalTrend, PortalTrendPoint } from '@yj/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/** What the across-exams chart draws: the share of full marks, the grade rank, or the band of the rank. */
export type TrendMode = '得分率' | '年级排名' | '等级段';
export const TOTAL = '总分';
/** the bands of `rankBand` (packages/stats), worst first: the chart's axis from bottom to top */
const BANDS = ['后 40%', '前 60%', '前 30%', '前 10%'];

/** The series a student may follow: the total and every subject met in some exam, in order of first meeting. */
export function trendSeries(t: PortalTrend): string[] {
  const names = new Set<string>();
  for (const e of t) for (const s of e.subjects) names.add(s.name);
  return [TOTAL, ...names];
}

const pointOf = (e: PortalTrend[number], series: string): PortalTrendPoint | undefined =>
  series === TOTAL ? e.total : e.subjects.find((s) => s.name === series);

/** The modes some exam of the trend shows for the series (rank and band only where the school publishes them). */
export function trendModes(t: PortalTrend, series: string): TrendMode[] {
  const points = t.map((e) => pointOf(e, series));
  return [
    '得分率',
    ...(points.some((p) => p?.gradeRank != null) ? (['年级排名'] as const) : []),
    ...(points.some((p) => p?.band != null) ? (['等级段'] as const) : []),
  ];
}

/** The line of one series over the exams, oldest on the left; an exam without the figure leaves a gap. */
export function trendOption(t: PortalTrend, series: string, mode: TrendMode): EChartsCoreOption {
  const points = t.map((e) => pointOf(e, series));
  const data = points.map((p) => {
    if (!p) return null;
    if (mode === '得分率') return p.rate === null ? null : Math.round(p.rate * 1000) / 10;
    if (mode === '年级排名') return p.gradeRank ?? null;
    return p.band ?? null;
  });
  const yAxis =
    mode === '得分率'
      ? { type: 'value', name: '得分率(%)', min: 0, max: 100 }
      : mode === '年级排名'
        ? {
            type: 'value',
            name: '名次',
            // 1 on top, the axis name above it, and a step of room under the lowest rank for its point
            inverse: true,
            nameLocation: 'start',
            minInterval: 1,
            min: 1,
            max: (v: { max: number }) => v.max + 1,
          }
        : { type: 'category', data: BANDS };
  // the exams by date on the axis (names alike at the start would cut to the same), the name in the tooltip
  const dated = t.every((e) => e.date);
  const rotate = !dated && t.length > 3;
  return {
    // drawn at once: a phone shows the whole line as soon as the card opens
    animation: false,
    tooltip: { trigger: 'axis', confine: true },
    grid: { left: 44, right: 16, top: 36, bottom: rotate ? 56 : 28 },
    xAxis: {
      type: 'category',
      data: t.map((e) => e.name),
      axisLabel: {
        interval: 0,
        rotate: rotate ? 30 : 0,
        width: 72,
        overflow: 'truncate',
        formatter: (name: string, i: number) => (dated ? t[i]!.date!.slice(5) : name),
      },
    },
    yAxis,
    series: [
      {
        name: `${series}${mode}`,
        type: 'line',
        connectNulls: false,
        // a point of its own (an exam between two that show no rank) is drawn as a dot
        showAllSymbol: true,
        symbolSize: 8,
        label: { show: true, formatter: mode === '得分率' ? '{c}%' : '{c}' },
        data,
      },
    ],
  };
}
