import { z } from 'zod';
import { idParam } from '../fields';
import {
  reviewDoneCheck,
  reviewManageSubject,
  reviewSchedule,
  reviewScheduleResult,
  reviewStartQuery,
  reviewTransitionResult,
} from '../subject-lifecycle';
import { defineRoute } from '../route';

const subject = z.object({ id: idParam() });
/** the refusal the web shows as an expected conflict (提示), not a fault (spec §8) */
const STATE_FAILURES = ['subjectStateForbids', 'subjectStateForbidsNamed'] as const;
/** a marking transition of spec §7 (GET, as the spec names them) */
const transition = (path: string) =>
  defineRoute({
    method: 'GET',
    path: `/api/subject/:id/review/${path}`,
    access: 'subject.setting.edit',
    params: subject,
    response: reviewTransitionResult,
    failures: STATE_FAILURES,
  });

/** The subject's marking lifecycle (DESIGN.md §3): start, pause, resume, done, their times, the exam's list. */
export const subjectContract = {
  start: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/review/start',
    access: 'subject.setting.edit',
    params: subject,
    query: reviewStartQuery,
    response: reviewTransitionResult,
    failures: STATE_FAILURES,
  }),
  pause: transition('pause'),
  resume: transition('resume'),
  done: transition('done'),
  doneCancel: transition('done/cancel'),
  doneCheck: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/review/done/check',
    access: 'subject.setting.edit',
    params: subject,
    response: reviewDoneCheck,
  }),
  schedule: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/review/schedule',
    access: 'subject.setting.edit',
    params: subject,
    body: reviewSchedule,
    response: reviewScheduleResult,
    failures: STATE_FAILURES,
  }),
  subjects: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/review/subjects',
    access: 'exam.read',
    params: z.object({ examId: idParam() }),
    response: z.array(reviewManageSubject),
  }),
};
