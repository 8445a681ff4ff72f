import { z } from 'zod';
import { report, reportParams } from '../report';
import {
  reportGroupBody,
  reportGroupCandidate,
  reportGroupCandidatesQuery,
  reportGroupCreated,
  reportGroupKaohaoBody,
  reportGroupKaohaoFound,
  reportGroupParams,
  reportGroupReportQuery,
  reportGroupsPage,
  reportGroupsQuery,
} from '../report-groups';
import { defineRoute, noData } from '../route';

/**
 * 分析组 of an exam's reports: list, create, edit, delete, the examinees to choose from and a group's report.
 * Whoever reads reports may define a group over what their view covers (the report service checks); the
 * Excel export of a group's table is a file answer on the server's own registration.
 */
export const reportGroupContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/groups',
    access: 'report.read',
    params: reportParams,
    query: reportGroupsQuery,
    response: reportGroupsPage,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/report/groups',
    access: 'report.read',
    params: reportParams,
    body: reportGroupBody,
    response: reportGroupCreated,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/exam/:examId/report/groups/:groupId',
    access: 'report.read',
    params: reportGroupParams,
    body: reportGroupBody,
    response: noData,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/exam/:examId/report/groups/:groupId',
    access: 'report.read',
    params: reportGroupParams,
    response: noData,
  }),
  candidates: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/group-candidates',
    access: 'report.read',
    params: reportParams,
    query: reportGroupCandidatesQuery,
    response: z.array(reportGroupCandidate),
  }),
  /** examinees by exam number (a pasted column), for a student group */
  byKaohao: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/exam/:examId/report/group-candidates/kaohao',
    access: 'report.read',
    params: reportParams,
    body: reportGroupKaohaoBody,
    response: reportGroupKaohaoFound,
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/groups/:groupId/report',
    access: 'report.read',
    params: reportGroupParams,
    query: reportGroupReportQuery,
    response: report,
  }),
};
