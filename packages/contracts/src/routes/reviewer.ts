import { z } from 'zod';
import { idParam } from '../fields';
import {
  blockCopyInput,
  blockReviewersSave,
  candidateQuery,
  divideSave,
  divideView,
  examAssignmentSubject,
  reviewerCandidate,
  subjectAssignment,
} from '../reviewer';
import { defineRoute, paged } from '../route';

const subject = z.object({ id: idParam() });
const block = z.object({ id: idParam(), blockId: idParam() });
const base = '/api/subject/:id/setting/task';

/**
 * Who marks what: setting/task, setting/divide and exam/{examId}/all_setting_task (issue 13). The Excel import
 * (multipart) and export (a file) stay on Fastify's registration.
 */
export const reviewerContract = {
  list: defineRoute({
    method: 'GET',
    path: base,
    access: 'exam.read',
    params: subject,
    response: subjectAssignment,
  }),
  candidates: defineRoute({
    method: 'GET',
    path: `${base}/candidates`,
    access: 'subject.setting.edit',
    params: subject,
    query: candidateQuery,
    response: paged(reviewerCandidate),
  }),
  /** a block's markers and leaders saved; answers the subject's assignment as it now stands */
  save: defineRoute({
    method: 'POST',
    path: `${base}/:blockId`,
    access: 'subject.setting.edit',
    params: block,
    body: blockReviewersSave,
    response: z.object({ released: z.number(), rolesAdded: z.number(), assignment: subjectAssignment }),
  }),
  copy: defineRoute({
    method: 'POST',
    path: `${base}/:blockId/copy`,
    access: 'subject.setting.edit',
    params: block,
    body: blockCopyInput,
    response: z.object({ copied: z.number(), released: z.number() }),
  }),
  divide: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/setting/divide/:blockId',
    access: 'exam.read',
    params: block,
    response: divideView,
  }),
  saveDivide: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/setting/divide/:blockId',
    access: 'subject.setting.edit',
    params: block,
    body: divideSave,
    response: divideView,
  }),
  /** exam/{examId}/all_setting_task */
  ofExam: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/setting/task',
    access: 'exam.read',
    params: z.object({ examId: idParam() }),
    response: z.array(examAssignmentSubject),
  }),
};
