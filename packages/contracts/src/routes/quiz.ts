import { z } from 'zod';
import { idParam } from '../fields';
import { defineRoute, noData, paged } from '../route';
import {
  quizCreate,
  quizDetail,
  quizListQuery,
  quizMarkersSave,
  quizMarkerRemove,
  quizOptions,
  quizResult,
  quizRow,
  quizTrendQuery,
  quizTrendView,
} from '../quiz';

const exam = z.object({ examId: idParam() });

/** 课堂小测 (issue 33): create in one step, the teacher's list, a quiz's page, its markers and class result. */
export const quizContract = {
  options: defineRoute({
    method: 'GET',
    path: '/api/quiz/options',
    access: 'quiz.create',
    response: quizOptions,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/quiz/create',
    access: 'quiz.create',
    body: quizCreate,
    response: z.object({ examId: z.number(), subjectId: z.number() }),
    failures: ['quizKeysInvalid'],
  }),
  list: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/quiz/list',
    access: 'quiz.read',
    body: quizListQuery,
    response: paged(quizRow),
  }),
  trend: defineRoute({
    method: 'GET',
    path: '/api/quiz/trend',
    access: 'quiz.read',
    query: quizTrendQuery,
    response: quizTrendView,
    failures: ['quizTrendClassNotVisible'],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/quiz/:examId',
    access: 'exam.read',
    params: exam,
    response: quizDetail,
  }),
  markers: defineRoute({
    method: 'POST',
    path: '/api/quiz/:examId/markers',
    access: 'exam.manage',
    params: exam,
    body: quizMarkersSave,
    response: noData,
  }),
  removeMarker: defineRoute({
    method: 'POST',
    path: '/api/quiz/:examId/markers/remove',
    access: 'exam.manage',
    params: exam,
    body: quizMarkerRemove,
    response: noData,
  }),
  result: defineRoute({
    method: 'GET',
    path: '/api/quiz/:examId/result',
    access: 'score.unpublished.read',
    params: exam,
    response: quizResult,
  }),
};
