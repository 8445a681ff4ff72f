import type {
  Report,
  ReportFigures,
  ReportGroup,
  ReportProgressStudent,
  ReportSheet,
  ReportStudent,
} from './report';

// The tables of a report as rows of cells: the report screens render these and the Excel export writes the
// same rows, so a downloaded sheet holds exactly the numbers on screen.

export type ReportCell = string | number;
export interface ReportTable {
  title: string;
  headers: string[];
  rows: ReportCell[][];
}

/** Two decimals; '' for a figure that does not exist (nobody sat). */
export const fix2 = (x: number | null | undefined): ReportCell =>
  x === null || x === undefined ? '' : Math.round(x * 100) / 100;
/** A share as a percentage with two decimals. */
export const pct = (x: number | null | undefined): ReportCell =>
  x === null || x === undefined ? '' : Math.round(x * 10000) / 100;

const FIGURE_HEADERS = [
  '实考',
  '缺考',
  '平均分',
  '最高分',
  '最低分',
  '中位数',
  '标准差',
  '优秀率(%)',
  '良好率(%)',
  '及格率(%)',
  '低分率(%)',
];
const figureCells = (f: ReportFigures): ReportCell[] => [
  f.sat,
  f.absent,
  fix2(f.mean),
  fix2(f.max),
  fix2(f.min),
  fix2(f.median),
  fix2(f.sd),
  pct(f.excellent.rate),
  pct(f.good.rate),
  pct(f.pass.rate),
  pct(f.low.rate),
];

function overview(r: Report): ReportTable {
  const rows: ReportCell[][] = [];
  rows.push(['全体', ...figureCells(r.overall)]);
  for (const s of r.schools) rows.push([s.name, ...figureCells(s)]);
  return { title: '成绩概览', headers: ['范围', ...FIGURE_HEADERS], rows };
}

function classes(r: Report): ReportTable {
  const partNames = r.questions.length
    ? r.questions.map((q) => `第${q.no}题得分率(%)`)
    : r.parts.map((p) => `${p.name}平均分`);
  const partCell = (x: number | null) => (r.questions.length ? pct(x) : fix2(x));
  return {
    title: '班级对比',
    headers: ['学校', '班级', ...FIGURE_HEADERS, '均分差', '超均率(%)', '总排名', '校内排名', ...partNames],
    rows: r.classes.map((c: ReportGroup) => [
      c.schoolName,
      c.name,
      ...figureCells(c),
      fix2(c.diff),
      pct(c.overRate),
      c.rank ?? '',
      c.rankInSchool ?? '',
      ...c.parts.map(partCell),
    ]),
  };
}

function segments(r: Report): ReportTable {
  return {
    title: '一分一段',
    headers: ['分数', '人数', '累计人数', '名次', '累计占比(%)'],
    rows: r.segments.map((s) => [s.score, s.count, s.cumulative, s.rank, pct(s.cumulativeRate)]),
  };
}

const KIND: Record<string, string> = { single: '单选', multi: '多选', trueFalse: '判断', subjective: '主观' };

function questions(r: Report): ReportTable {
  return {
    title: '试题分析',
    headers: [
      '题号',
      '题型',
      '满分',
      '人数',
      '平均分',
      '得分率(%)',
      '难度',
      '区分度',
      '点二列相关',
      '选项分布',
    ],
    rows: r.questions.map((q) => [
      q.no,
      KIND[q.kind] ?? q.kind,
      q.full,
      q.count,
      fix2(q.mean),
      pct(q.scoreRate),
      fix2(q.scoreRate),
      // '—': no D (fewer than 2 sat: one examinee would be both groups), not 0
      q.discrimination === null ? '—' : fix2(q.discrimination),
      fix2(q.pointBiserial),
      q.options ? q.options.map((o) => `${o.answer || '未作答'}:${o.count}`).join(' ') : '',
    ]),
  };
}

/** 等级赋分 and 临界生: the whole exam, then each class. */
function levels(r: Report): ReportTable {
  const { grades, critical } = r.settings;
  const lines = critical.lines.flatMap((l) => [`${l}%线下临界`, `${l}%线上临界`]);
  const cells = (f: ReportFigures): ReportCell[] => [
    f.sat,
    ...f.grades,
    fix2(f.gradeMean),
    ...f.critical.flatMap((c) => [c.below, c.above]),
  ];
  return {
    title: '等级与临界生',
    headers: ['学校', '班级', '实考', ...grades.map((g) => `${g.grade}等人数`), '赋分平均分', ...lines],
    rows: [
      ['全体', '', ...cells(r.overall)],
      ...r.classes.map((c: ReportGroup) => [c.schoolName, c.name, ...cells(c)]),
    ],
  };
}

export const REPORT_SHEET_NAMES: Record<ReportSheet, string> = {
  overview: '成绩概览',
  classes: '班级对比',
  segments: '一分一段',
  questions: '试题分析',
  levels: '等级与临界生',
};

export function reportTable(r: Report, sheet: ReportSheet): ReportTable {
  switch (sheet) {
    case 'overview':
      return overview(r);
    case 'classes':
      return classes(r);
    case 'segments':
      return segments(r);
    case 'questions':
      return questions(r);
    case 'levels':
      return levels(r);
  }
}

/** A row of the 学生成绩 list, as the screen and its Excel export show it ('缺考' for an absent score). */
export const reportStudentCells = (s: ReportStudent): ReportCell[] => [
  s.kaohao,
  s.name,
  s.schoolName,
  s.className,
  s.score ?? '缺考',
  s.rankInClass ?? '',
  s.rankInSchool ?? '',
  s.rank ?? '',
  fix2(s.z),
  fix2(s.t),
  s.grade ?? '',
  s.points ?? '',
];

/** A row of 进退步 as the screen and its export show it: '缺考' / '' where an exam has no score or rank. */
export const reportProgressCells = (s: ReportProgressStudent): ReportCell[] => [
  s.kaohao,
  s.name,
  s.className,
  s.score ?? '缺考',
  s.rank ?? '',
  s.earlierScore ?? '缺考',
  s.earlierRank ?? '',
  s.change ?? '',
];
