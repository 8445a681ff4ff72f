import type { EChartsCoreOption } from 'echarts/core';
import type { Report } from '@yj/contracts';

const two = (x: number) => Math.round(x * 100) / 100;

/** 一分一段: the count at each score (bars) and the cumulative count from the top (the curve). */
export function segmentsOption(r: Report): EChartsCoreOption {
  const rows = [...r.segments].reverse();
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['人数', '累计人数'] },
    grid: { left: 48, right: 56, top: 56, bottom: 40 },
    xAxis: { type: 'category', name: '分数', data: rows.map((s) => s.score) },
    yAxis: [
      { type: 'value', name: '人数', minInterval: 1 },
      { type: 'value', name: '累计人数', minInterval: 1 },
    ],
    series: [
      { name: '人数', type: 'bar', data: rows.map((s) => s.count) },
      {
        name: '累计人数',
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: rows.map((s) => s.cumulative),
      },
    ],
  };
}

/** A group's name on an axis: with its school when the report spans schools. */
const groupLabel = (r: Report, g: Report['classes'][number]) =>
  r.complete && new Set(r.classes.map((x) => x.schoolId)).size > 1 ? `${g.schoolName}${g.name}` : g.name;

const percent = (rate: number | null) => (rate === null ? null : two(rate * 100));

/**
 * 成绩概览 (issue 31): each class's mean (bars, the exam's mean a dashed line across) and its 优秀率 and 及格率
 * (lines, in percent on the right), so the classes compare at a glance. Classes nobody sat are left out.
 */
export function overviewOption(r: Report): EChartsCoreOption {
  const classes = r.classes.filter((c) => c.sat > 0);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['平均分', '优秀率(%)', '及格率(%)'] },
    grid: { left: 48, right: 56, top: 56, bottom: classes.length > 8 ? 64 : 40 },
    xAxis: {
      type: 'category',
      data: classes.map((c) => groupLabel(r, c)),
      axisLabel: { rotate: classes.length > 8 ? 30 : 0 },
    },
    yAxis: [
      { type: 'value', name: '平均分', min: 0, max: r.fullScore },
      { type: 'value', name: '比率(%)', min: 0, max: 100 },
    ],
    series: [
      {
        name: '平均分',
        type: 'bar',
        data: classes.map((c) => (c.mean === null ? null : two(c.mean))),
        ...(r.overall.mean === null
          ? {}
          : {
              markLine: {
                symbol: 'none',
                lineStyle: { type: 'dashed' },
                label: { position: 'insideEndTop', formatter: `全体平均 ${two(r.overall.mean)}` },
                data: [{ yAxis: two(r.overall.mean) }],
              },
            }),
      },
      { name: '优秀率(%)', type: 'line', yAxisIndex: 1, data: classes.map((c) => percent(c.excellent.rate)) },
      { name: '及格率(%)', type: 'line', yAxisIndex: 1, data: classes.map((c) => percent(c.pass.rate)) },
    ],
  };
}

/** Distribution histogram over the score bands. */
export function bandsOption(r: Report): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 24, top: 32, bottom: 40 },
    xAxis: { type: 'category', name: '分数段', data: r.bands.map((b) => `${b.from}–${b.to}`) },
    yAxis: { type: 'value', name: '人数', minInterval: 1 },
    series: [{ name: '人数', type: 'bar', barCategoryGap: '2%', data: r.bands.map((b) => b.count) }],
  };
}

/** Box plots per class (min, hinges, median, max). */
export function boxOption(r: Report): EChartsCoreOption {
  const classes = r.classes.filter((c) => c.box);
  return {
    tooltip: { trigger: 'item' },
    grid: { left: 48, right: 24, top: 32, bottom: 64 },
    xAxis: {
      type: 'category',
      data: classes.map((c) => groupLabel(r, c)),
      axisLabel: { rotate: classes.length > 8 ? 30 : 0 },
    },
    yAxis: { type: 'value', name: '分数', min: 0, max: r.fullScore },
    series: [{ name: '成绩分布', type: 'boxplot', data: classes.map((c) => c.box!.map(two)) }],
  };
}

/** Each question's 得分率 (%) and discrimination, side by side. */
export function questionsOption(r: Report): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['得分率(%)', '区分度'] },
    grid: { left: 48, right: 48, top: 56, bottom: 40 },
    xAxis: { type: 'category', name: '题号', data: r.questions.map((q) => q.no) },
    yAxis: [
      { type: 'value', name: '得分率(%)', min: 0, max: 100 },
      { type: 'value', name: '区分度', min: -1, max: 1 },
    ],
    series: [
      {
        name: '得分率(%)',
        type: 'bar',
        data: r.questions.map((q) => (q.scoreRate === null ? null : two(q.scoreRate * 100))),
      },
      {
        name: '区分度',
        type: 'line',
        yAxisIndex: 1,
        data: r.questions.map((q) => (q.discrimination === null ? null : two(q.discrimination))),
      },
    ],
  };
}

/**
 * Radar of 得分率 over the questions: one polygon per chosen class, and the exam's (年级) as a reference;
 * every axis 0–100 %.
 */
export function radarOption(r: Report, classIds: readonly number[]): EChartsCoreOption {
  const percent = (x: number | null) => (x === null ? 0 : two(x * 100));
  const classes = r.classes.filter((c) => classIds.includes(c.id));
  const label = (c: Report['classes'][number]) =>
    r.schools.length > 1 ? `${c.schoolName} ${c.name}` : c.name;
  return {
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => `${String(v)}%` },
    legend: { top: 0, type: 'scroll', data: ['全体', ...classes.map(label)] },
    radar: {
      center: ['50%', '56%'],
      radius: '68%',
      indicator: r.questions.map((q) => ({ name: `第${q.no}题`, max: 100, min: 0 })),
    },
    series: [
      {
        type: 'radar',
        data: [
          {
            name: '全体',
            value: r.questions.map((q) => percent(q.scoreRate)),
            lineStyle: { type: 'dashed' },
          },
          ...classes.map((c) => ({ name: label(c), value: c.parts.map(percent) })),
        ],
      },
    ],
  };
}
