import { createContext } from 'react';
import type { Report, ReportSheet } from '@yj/contracts';
import { reportApi } from './report.api';

/**
 * Where a report table's Excel comes from: the exam's report by default; an analysis group's report provides
 * its own, so a group's download holds the group's rows.
 */
export const ReportExportPath = createContext<(r: Report, sheet: ReportSheet) => string>((r, sheet) =>
  reportApi.exportPath(r.examId, r.subjectId, sheet),
);
