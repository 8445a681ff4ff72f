import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Report, ReportSettings, ReportSettingsView, ReportSheet, ReportSubjects } from '@yj/contracts';
import { api } from '../../api/filter';

const params = (examId: number) => ({ params: { examId } });

/** Every /filter call of the report screens (report_forms). */
export const reportApi = {
  subjects: (examId: number) =>
    api.get<ReportSubjects>('/api/exam/:examId/report/subjects', undefined, params(examId)),
  report: (examId: number, subjectId: number | null) =>
    api.get<Report>('/api/exam/:examId/report', subjectId ? { subjectId } : undefined, params(examId)),
  settings: (examId: number) =>
    api.get<ReportSettingsView>('/api/exam/:examId/report/settings', undefined, params(examId)),
  saveSettings: (examId: number, settings: ReportSettings) =>
    api.post<null>('/api/exam/:examId/report/settings', { ...settings }, params(examId)),
  /** the xlsx of one table, fetched by the shared downloader */
  exportPath: (examId: number, subjectId: number | null, sheet: ReportSheet) =>
    `/api/exam/${examId}/report/export?${subjectId ? `subjectId=${subjectId}&` : ''}sheet=${sheet}`,
};

export const reportSubjectsQuery = (examId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'subjects'],
    queryFn: () => reportApi.subjects(examId),
    meta: { silent: true },
  });

export const reportQuery = (examId: number, subjectId: number | null) =>
  queryOptions({
    queryKey: ['report', examId, subjectId ?? 0],
    queryFn: () => reportApi.report(examId, subjectId),
    meta: { silent: true },
    // the screen keeps the last report while the next subject's loads
    placeholderData: keepPreviousData,
  });

export const reportSettingsQuery = (examId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'settings'],
    queryFn: () => reportApi.settings(examId),
    meta: { silent: true },
  });
