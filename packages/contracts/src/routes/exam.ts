import { z } from 'zod';
import { idParam, int } from '../fields';
import { pageQuery } from '../envelope';
import {
  dynamicLogItem,
  examDetail,
  examEdit,
  examListRow,
  examListQuery,
  jointExamCreate,
  singleExamCreate,
  subjectDetail,
} from '../exam';
import { orgNode } from '../school';
import { defineRoute, noData, paged } from '../route';

const exam = z.object({ examId: idParam() });
const created = z.object({ id: z.number() });

/** Exams (spec §7 "Exam"): creation, the lists, detail and its edits, the exam's log, a subject's detail. */
export const examContract = {
  createSingle: defineRoute({
    method: 'POST',
    path: '/api/exam/singleCreate',
    access: 'exam.create',
    body: singleExamCreate,
    response: created,
  }),
  createJoint: defineRoute({
    method: 'POST',
    path: '/api/exam/jointExam/create',
    access: 'exam.createJoint',
    body: jointExamCreate,
    response: created,
  }),
  /** the organisation tree cut to the schools this user may put into a joint exam */
  jointSchools: defineRoute({
    method: 'GET',
    path: '/api/exam/jointExam/schools',
    access: 'exam.createJoint',
    response: z.array(orgNode),
  }),
  inSchool: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/exam/inSchool',
    access: 'home.read',
    body: examListQuery,
    response: paged(examListRow),
  }),
  joint: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/exam/jointExam/home',
    access: 'home.read',
    body: examListQuery,
    response: paged(examListRow),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/detail',
    access: 'exam.read',
    params: exam,
    response: examDetail,
  }),
  edit: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/edit',
    access: 'exam.manage',
    params: exam,
    body: examEdit,
    response: noData,
  }),
  copy: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/copy',
    access: 'exam.manage',
    params: exam,
    response: created,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/exam/:examId',
    access: 'exam.manage',
    params: exam,
    response: noData,
  }),
  hide: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/hide',
    access: 'exam.manage',
    params: exam,
    body: z.object({ hidden: z.boolean() }),
    response: noData,
  }),
  step: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/step',
    access: 'exam.manage',
    params: exam,
    body: z.object({ step: int(1, 4) }),
    response: noData,
  }),
  dynamicLog: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/exam/:examId/dynamicLog',
    access: 'exam.manage',
    params: exam,
    body: pageQuery,
    response: paged(dynamicLogItem),
  }),
  subject: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/detail',
    access: 'exam.read',
    params: z.object({ id: idParam() }),
    response: subjectDetail,
  }),
};
