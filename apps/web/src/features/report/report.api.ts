import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  reportContract as c,
  reportGroupContract as g,
  type ReportGroupBody,
  type ReportGroupImportResult,
  type AnalysisHideKey,
  type ReportSettings,
  type ReportSheet,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { LOADED_FRESH } from '../../app/freshness';
import { uploadFile } from '../../api/upload';

const params = (examId: number) => ({ examId });

/** What the 学生成绩 list is narrowed to: the report's subject (null: total), a class, a search text. */
export interface StudentFilter {
  subjectId: number | null;
  classId: number | null;
  keyword: string;
}
/** The query string of a filter: only what is set. */
function studentQuery(f: StudentFilter & { page?: number; size?: number }) {
  const q: { subjectId?: number; classId?: number; keyword?: string; page?: number; size?: number } = {};
  if (f.subjectId) q.subjectId = f.subjectId;
  if (f.classId) q.classId = f.classId;
  if (f.keyword.trim()) q.keyword = f.keyword.trim();
  if (f.page) q.page = f.page;
  if (f.size) q.size = f.size;
  return q;
}

/** Every /filter call of the report screens (report_forms). */
export const reportApi = {
  subjects: (examId: number) => callRoute(c.subjects, { params: params(examId) }),
  report: (examId: number, subjectId: number | null) =>
    callRoute(c.report, { params: params(examId), query: subjectId ? { subjectId } : {} }),
  settings: (examId: number) => callRoute(c.settings, { params: params(examId) }),
  hiddenConfig: (examId: number) => callRoute(c.hiddenConfig, { params: params(examId) }),
  saveHiddenConfig: (examId: number, hidden: AnalysisHideKey[]) =>
    callRoute(c.saveHiddenConfig, { params: params(examId), body: { hidden } }),
  saveSettings: (examId: number, settings: ReportSettings) =>
    callRoute(c.saveSettings, { params: params(examId), body: settings }),
  students: (examId: number, f: StudentFilter & { page: number; size: number }) =>
    callRoute(c.students, { params: params(examId), query: studentQuery(f) }),
  /** the xlsx of the filtered 学生成绩 list */
  studentsExportPath: (examId: number, f: StudentFilter) =>
    `/api/exam/${examId}/report/students/export?${new URLSearchParams(
      Object.entries(studentQuery(f)).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
  progressExams: (examId: number) => callRoute(c.progressExams, { params: params(examId) }),
  progress: (examId: number, f: ProgressFilter & { page: number; size: number }) =>
    callRoute(c.progress, { params: params(examId), query: progressQuery(f) }),
  progressExportPath: (examId: number, f: ProgressFilter) =>
    `/api/exam/${examId}/report/progress/export?${new URLSearchParams(
      Object.entries(progressQuery(f)).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
  commentary: (examId: number, subjectId: number, classId: number | null) =>
    callRoute(c.commentary, {
      params: params(examId),
      query: classId ? { subjectId, classId } : { subjectId },
    }),
  commentaryExportPath: (examId: number, subjectId: number, classId: number) =>
    `/api/exam/${examId}/report/commentary/export?subjectId=${subjectId}&classId=${classId}`,
  /** a typical answer's cut image (an <img> address under /filter) */
  commentaryImagePath: (examId: number, subjectId: number, no: string, examineeId: number) =>
    `/filter/api/exam/${examId}/report/commentary/image?${new URLSearchParams({
      subjectId: String(subjectId),
      no,
      examineeId: String(examineeId),
    }).toString()}`,
  student: (examId: number, examineeId: number) => callRoute(c.student, { params: { examId, examineeId } }),
  groups: (examId: number, page: number, size: number) =>
    callRoute(g.list, { params: params(examId), query: { page, size } }),
  createGroup: (examId: number, body: ReportGroupBody) =>
    callRoute(g.create, { params: params(examId), body }),
  updateGroup: (examId: number, groupId: number, body: ReportGroupBody) =>
    callRoute(g.update, { params: { examId, groupId }, body }),
  removeGroup: (examId: number, groupId: number) => callRoute(g.remove, { params: { examId, groupId } }),
  groupCandidates: (examId: number, keyword: string) =>
    callRoute(g.candidates, { params: params(examId), query: { keyword } }),
  groupByKaohao: (examId: number, kaohaos: string[]) =>
    callRoute(g.byKaohao, { params: params(examId), body: { kaohaos } }),
  /** 导入考号 of a student group: the preview, or (apply) the examinees found added to the group */
  groupImport: (
    examId: number,
    groupId: number,
    file: File,
    apply: boolean,
    onProgress: (percent: number) => void,
  ) =>
    uploadFile<ReportGroupImportResult>(
      `/api/exam/${examId}/report/groups/${groupId}/import${apply ? '?apply=1' : ''}`,
      file,
      onProgress,
    ),
  groupImportTemplatePath: (examId: number) => `/api/exam/${examId}/report/group-import-template`,
  groupReport: (examId: number, groupId: number, subjectId: number | null) =>
    callRoute(g.report, { params: { examId, groupId }, query: subjectId ? { subjectId } : {} }),
  /** the xlsx of one table of a group's report */
  groupExportPath: (examId: number, groupId: number, subjectId: number | null, sheet: ReportSheet) =>
    `/api/exam/${examId}/report/groups/${groupId}/export?${subjectId ? `subjectId=${subjectId}&` : ''}sheet=${sheet}`,
  /** the xlsx of one table, fetched by the shared downloader */
  exportPath: (examId: number, subjectId: number | null, sheet: ReportSheet) =>
    `/api/exam/${examId}/report/export?${subjectId ? `subjectId=${subjectId}&` : ''}sheet=${sheet}`,
};

export const reportSubjectsQuery = (examId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'subjects'],
    queryFn: () => reportApi.subjects(examId),
    meta: { silent: true },
    staleTime: LOADED_FRESH,
  });

export const reportQuery = (examId: number, subjectId: number | null) =>
  queryOptions({
    queryKey: ['report', examId, subjectId ?? 0],
    queryFn: () => reportApi.report(examId, subjectId),
    meta: { silent: true },
    // the route loader reads the total's report: fresh for that open (no second read as the page mounts)
    staleTime: LOADED_FRESH,
    // the screen keeps the last report while the next subject's loads
    placeholderData: keepPreviousData,
  });

export const reportSettingsQuery = (examId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'settings'],
    queryFn: () => reportApi.settings(examId),
    meta: { silent: true },
    staleTime: LOADED_FRESH,
  });

/** 进退步 against `earlierExamId`, of the report's subject (null: total), maybe one class. */
export interface ProgressFilter {
  earlierExamId: number;
  subjectId: number | null;
  classId: number | null;
}
function progressQuery(f: ProgressFilter & { page?: number; size?: number }) {
  const q: { earlierExamId: number; subjectId?: number; classId?: number; page?: number; size?: number } = {
    earlierExamId: f.earlierExamId,
  };
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

/** 试卷讲评 of a subject for a class (null: the first the reader may see). */
export const reportCommentaryQuery = (examId: number, subjectId: number, classId: number | null) =>
  queryOptions({
    queryKey: ['report', examId, subjectId, 'commentary', classId ?? 0],
    queryFn: () => reportApi.commentary(examId, subjectId, classId),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

/** A student's printable report. */
export const studentReportQuery = (examId: number, examineeId: number) =>
  queryOptions({
    queryKey: ['report', examId, 'student', examineeId],
    queryFn: () => reportApi.student(examId, examineeId),
    meta: { silent: true },
  });

/** A page of the exam's 分析组 the reader sees. */
export const reportGroupsQuery = (examId: number, page: number, size: number) =>
  queryOptions({
    queryKey: ['report', examId, 'groups', page, size],
    queryFn: () => reportApi.groups(examId, page, size),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

/** An analysis group's report, of a subject or the total. */
export const reportGroupReportQuery = (examId: number, groupId: number, subjectId: number | null) =>
  queryOptions({
    queryKey: ['report', examId, 'group', groupId, subjectId ?? 0],
    queryFn: () => reportApi.groupReport(examId, groupId, subjectId),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
