import { z } from 'zod';
import { idParam } from '../fields';
import {
  allScorePage,
  allScoreQuery,
  examineeListPage,
  examineeListStatus,
  examineeStatusQuery,
  exportCreate,
  exportListQuery,
  exportTaskItem,
  inTotalBody,
} from '../export';
import { defineRoute, noData, paged } from '../route';

/**
 * Spec §2 exam/{examId}/all_score and download/center, §7 getExamineeList/{status} and the scores export. The
 * score import (multipart), its template and the export files stay on Fastify's registration.
 */
export const exportContract = {
  allScore: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/all_score',
    access: 'score.students.read',
    params: z.object({ examId: idParam() }),
    query: allScoreQuery,
    response: allScorePage,
    // the page shows 没有查看成绩的权限 of its own on forbidden
    failures: ['forbidden'],
  }),
  inTotal: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/subject/:subjectId/inTotal',
    access: 'exam.manage',
    params: z.object({ examId: idParam(), subjectId: idParam() }),
    body: inTotalBody,
    response: noData,
  }),
  examineeList: defineRoute({
    method: 'GET',
    path: '/api/api/subject/:id/getExamineeList/:status',
    access: 'score.students.read',
    params: z.object({ id: idParam(), status: examineeListStatus }),
    query: examineeStatusQuery,
    response: examineeListPage,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/download/export',
    access: 'score.download',
    body: exportCreate,
    response: z.object({ id: z.number() }),
  }),
  center: defineRoute({
    method: 'GET',
    path: '/api/download/center',
    access: 'account.self',
    query: exportListQuery,
    response: paged(exportTaskItem),
  }),
};
