import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Report,
  ReportProgress,
  ReportProgressExam,
  ReportSettings,
  ReportSettingsView,
  ReportSheet,
  ReportStudentsPage,
  ReportSubjects,
} from '@yj/contracts';
import { api } from '../../api/filter';

const params = (examId: number) => ({ params: { examId } });

/** What the 学生成绩 list is narrowed to: the report's subject (null: total), a class, a search text. */
export interface StudentFilter {
  subjectId: number | null;
  classId: number | null;
  keyword: string;
}
/** The query string of a filter: only what is set. */
function studentQuery(f: StudentFilter & { page?: number; size?: number }): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (f.subjectId) q.subjectId = f.subjectId;
  if (f.classId) q.classId = f.classId;
  if (f.keyword.trim()) q.keyword = f.keyword.trim();
  if (f.page) q.page = f.page;
  if (f.size) q.size = f.size;
  return q;
}

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
  students: (examId: number, f: StudentFilter & { page: number; size: number }) =>
    api.get<ReportStudentsPage>('/api/exam/:examId/report/students', studentQuery(f), params(examId)),
  /** the xlsx of the filtered 学生成绩 list */
  studentsExportPath: (examId: number, f: StudentFilter) =>
    `/api/exam/${examId}/report/students/export?${new URLSearchParams(
      Object.entries(studentQuery(f)).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
  progressExams: (examId: number) =>
    api.get<ReportProgressExam[]>('/api/exam/:examId/report/progress/exams', undefined, params(examId)),
  progress: (examId: number, f: ProgressFilter & { page: number; size: number }) =>
    api.get<ReportProgress>('/api/exam/:examId/report/progress', progressQuery(f), params(examId)),
  progressExportPath: (examId: number, f: ProgressFilter) =>
    `/api/exam/${examId}/report/progress/export?${new URLSearchParams(
      Object.entries(progressQuery(f)).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
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

/** 进退步 against `earlierExamId`, of the report's subject (null: total), maybe one class. */
export interface ProgressFilter {
  earlierExamId: number;
  subjectId: number | null;
  classId: number | null;
}
function progressQuery(f: ProgressFilter & { page?: number; size?: number }): Record<string, number> {
  const q: Record<string, number> = { earlierExamId: f.earlierExamId };
  if (f.subjectId) q.subjectId = f.subjectId;
  if (f.classId) q.classId = f.classId;
  if (f.page) q.page = f.page;
  if (f.size) q.size = f.size;
  return q;
}

export const reportProgressExamsQuery = (examId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'progress-exams'],
    queryFn: () => reportApi.progressExams(examId),
    meta: { silent: true },
  });

export const reportProgressQuery = (examId: number, f: ProgressFilter, page: number, size: number) =>
  queryOptions({
    queryKey: ['report', examId, f.subjectId ?? 0, 'progress', f.earlierExamId, f.classId, page, size],
    queryFn: () => reportApi.progress(examId, { ...f, page, size }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

export const reportStudentsQuery = (examId: number, f: StudentFilter, page: number, size: number) =>
  queryOptions({
    queryKey: ['report', examId, f.subjectId ?? 0, 'students', f.classId, f.keyword, page, size],
    queryFn: () => reportApi.students(examId, { ...f, page, size }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
