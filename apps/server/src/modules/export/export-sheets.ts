import {
  SCORE_STUDENT_STATUS_LABELS,
  scoreCellText,
  totalCellText,
  type AllScoreSubject,
  type ExportKind,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { SchoolFilter } from '../scan/scan-access';
import {
  studentStatus,
  studentsSql,
  type scoreReads,
  type StudentRow,
  type SummaryRow,
} from '../score/score-reads';
import { allScoreRow, allScoreSql, type allScoreRepo, type RawAllScoreRow } from './all-score.repo';
import { cursorSource, streamSheet, type Cell, type SheetSpec } from './export-writer';

/** What the sheets read, passed in by the export module: the all_score screen's repository, score's read port. */
export interface SheetRepos {
  allScore: typeof allScoreRepo;
  scores: typeof scoreReads;
}

export interface SheetInput extends SheetRepos {
  db: Db;
  examId: number;
  subjectId: number | null;
  filter: SchoolFilter;
}

/** 考试总分表: every subject side by side and the total, as the all_score screen shows them (sorted by 考号). */
async function totals(i: SheetInput): Promise<SheetSpec<RawAllScoreRow>> {
  const subjects: AllScoreSubject[] = await i.allScore(i.db).subjects(i.examId);
  const query = allScoreSql(i.examId, subjects, i.filter, { sort: 'kaohao', order: 'asc' });
  const names = subjects.map((s) => (s.inTotal ? s.name : `${s.name}（不计入总分）`));
  return {
    sheetName: '考试总分',
    headers: ['考号', '姓名', '学校', '班级', ...names, '总分'],
    widths: [14, 10, 18, 12, ...subjects.map(() => 10), 10],
    source: cursorSource(i.db, query),
    toCells: (raw) => {
      const row = allScoreRow(raw, subjects);
      return [
        row.kaohao,
        row.name,
        row.schoolName,
        row.className,
        ...subjects.map((s) => scoreCellText(row.subjects[String(s.id)]!)),
        totalCellText(row, subjects),
      ];
    },
  };
}

/** 小题分明细: a subject per student and question, as stuScore shows it (absent: 缺考 in every figure). */
async function questions(i: SheetInput): Promise<SheetSpec<StudentRow>> {
  const subjectId = i.subjectId!;
  const qs = await i.scores(i.db).questions(subjectId);
  const query = studentsSql(subjectId, i.examId, i.filter, { sort: 'kaohao', order: 'asc' });
  return {
    sheetName: '小题分明细',
    headers: [
      '考号',
      '姓名',
      '班级',
      '状态',
      '违纪原因',
      '客观题',
      '主观题',
      '总分',
      ...qs.map((q) => `第${q.no}题`),
    ],
    widths: [14, 10, 12, 8, 14, 8, 8, 8, ...qs.map(() => 8)],
    source: cursorSource(i.db, query),
    toCells: (r) => {
      const status = studentStatus(r);
      const figure = (v: number | null | undefined): Cell => (status === 'absent' ? '缺考' : (v ?? ''));
      return [
        r.kaohao,
        r.name,
        r.className,
        SCORE_STUDENT_STATUS_LABELS[status],
        r.irregularReason ?? '',
        figure(r.objective),
        figure(r.subjective),
        figure(r.total),
        ...qs.map((q) => figure(r.questions?.[q.no])),
      ];
    },
  };
}

/** 班级成绩汇总: the summary screen's rows (全部 first, then each class). */
async function classes(i: SheetInput): Promise<SheetSpec<SummaryRow>> {
  const rows = await i.scores(i.db).summary(i.subjectId!, i.examId, i.filter);
  return {
    sheetName: '班级成绩汇总',
    headers: ['学校', '班级', '考生数', '实考', '缺考', '无答题卡', '平均分', '最高分', '最低分'],
    widths: [18, 12, 8, 8, 8, 10, 8, 8, 8],
    source: (on) => on(rows),
    toCells: (r) => [
      r.classId === null ? '' : (r.schoolName ?? ''),
      r.classId === null ? '全部' : (r.className ?? ''),
      r.examinees,
      r.present,
      r.absent,
      r.examinees - r.present - r.absent,
      r.mean ?? '',
      r.max ?? '',
      r.min ?? '',
    ],
  };
}

type WriteSheet = (
  i: SheetInput,
  file: string,
  onBatch: (written: number) => Promise<void>,
) => Promise<number>;

/** Writes the export of a kind to `file`; answers the rows written. */
export const SHEETS: Record<ExportKind, WriteSheet> = {
  totals: async (i, file, on) => streamSheet(file, await totals(i), on),
  questions: async (i, file, on) => streamSheet(file, await questions(i), on),
  classes: async (i, file, on) => streamSheet(file, await classes(i), on),
};
