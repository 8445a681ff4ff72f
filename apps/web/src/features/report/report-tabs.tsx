import type { Report } from '@yj/contracts';
import { Distribution, Levels, Overview, Questions, Segments } from './ReportSections';
import { ReportTableCard } from './ReportTableCard';

/**
 * The tabs every report has, an exam's or an analysis group's (`inGroup`: the figures relative to the group are
 * said so): figures, tables and charts of one Report.
 */
export const sectionTabs = (r: Report, inGroup = false) => [
  { key: 'overview', label: '成绩概览', children: <Overview r={r} /> },
  {
    key: 'classes',
    label: '班级对比',
    children: <ReportTableCard report={r} sheet="classes" empty="没有可查看的班级" />,
  },
  { key: 'segments', label: '一分一段', children: <Segments r={r} /> },
  { key: 'distribution', label: '分数分布', children: <Distribution r={r} /> },
  { key: 'questions', label: '试题分析', children: <Questions r={r} /> },
  { key: 'levels', label: '等级与临界生', children: <Levels r={r} inGroup={inGroup} /> },
];
