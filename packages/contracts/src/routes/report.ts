import { z } from 'zod';
import {
  report,
  reportParams,
  reportProgress,
  reportProgressExam,
  reportProgressQuery,
  reportQuery,
  reportSettingsView,
  reportStudentsPage,
  reportStudentsQuery,
  reportSubjects,
} from '../report';
import { reportSettingsBody } from '../report-settings';
import {
  reportCommentary,
  reportCommentaryQuery,
  studentReport,
  studentReportParams,
} from '../report-commentary';
import { defineRoute, noData } from '../route';
import { analysisHiddenBody, analysisHiddenView } from '../analysis-hidden';

/**
 * Score reports of an exam (spec §2 report_forms, exam_commentary). The Excel exports and the typical answers'
 * images are file answers and stay on the server's own registration.
 */
export const reportContract = {
  subjects: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/subjects',
    access: 'report.read',
    params: reportParams,
    response: reportSubjects,
  }),
  /** one subject's report, or the total's without subjectId */
  report: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report',
    access: 'report.read',
    params: reportParams,
    query: reportQuery,
    response: report,
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/settings',
    access: 'report.read',
    params: reportParams,
    response: reportSettingsView,
  }),
  saveSettings: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/report/settings',
    access: 'report.configure',
    params: reportParams,
    body: reportSettingsBody,
    response: noData,
  }),
  /** 分析隐藏设置 of the exam (hidden-config for analysis) */
  hiddenConfig: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/hidden-config',
    access: 'report.read',
    params: reportParams,
    response: analysisHiddenView,
  }),
  saveHiddenConfig: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/report/hidden-config',
    access: 'report.configure',
    params: reportParams,
    body: analysisHiddenBody,
    response: noData,
  }),
  students: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/students',
    access: 'report.read',
    params: reportParams,
    query: reportStudentsQuery,
    response: reportStudentsPage,
  }),
  progressExams: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/progress/exams',
    access: 'report.read',
    params: reportParams,
    response: z.array(reportProgressExam),
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/progress',
    access: 'report.read',
    params: reportParams,
    query: reportProgressQuery,
    response: reportProgress,
  }),
  /** 试卷讲评: a class against its grade, question by question */
  commentary: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/commentary',
    access: 'report.read',
    params: reportParams,
    query: reportCommentaryQuery,
    response: reportCommentary,
  }),
  /** a student's printable report */
  student: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/student/:examineeId',
    access: 'report.read',
    params: studentReportParams,
    response: studentReport,
  }),
};
