import { z } from 'zod';
import { idParam } from '../fields';
import { pageQuery } from '../envelope';
import {
  scoreAdjustBody,
  scoreAdjusted,
  scoreAdjustmentItem,
  scoreCheck,
  scoreKaohaoBody,
  scoreKaohaoItem,
  scoreKaohaoMoved,
  scoreRecomputed,
  scoreStudentsPage,
  scoreStudentsQuery,
  scoreSummary,
} from '../score';
import {
  batchReleaseBody,
  batchReleaseItem,
  delayPublishBody,
  examReleaseRow,
  irregularBody,
  irregularCancelBody,
  irregularItem,
  publishState,
} from '../score-publish';
import { reviewTransitionResult } from '../subject-lifecycle';
import { scoreReviewList } from '../score-review';
import { defineRoute, paged } from '../route';

const subject = z.object({ id: idParam() });
const exam = z.object({ examId: idParam() });
const base = '/api/subject/:id/score';
const irregularTotal = z.object({ total: z.number().nullable() });

/** Scores of a subject (spec §2 subject/{subjectId}/score): summary, stuScore, scoreCheck, adjustments, 违纪. */
export const scoreContract = {
  summary: defineRoute({
    method: 'GET',
    path: `${base}/summary`,
    access: 'score.read',
    params: subject,
    response: scoreSummary,
  }),
  students: defineRoute({
    method: 'GET',
    path: `${base}/students`,
    access: 'score.students.read',
    params: subject,
    query: scoreStudentsQuery,
    response: scoreStudentsPage,
  }),
  check: defineRoute({
    method: 'GET',
    path: `${base}/check`,
    access: 'score.read',
    params: subject,
    response: scoreCheck,
  }),
  /** 成绩核查's lists to look over before publishing (0 分, 满分, 客观题全空, 缺考 with a sheet, totals off) */
  review: defineRoute({
    method: 'GET',
    path: `${base}/check/review`,
    access: 'score.unpublished.read',
    params: subject,
    response: z.array(scoreReviewList),
  }),
  adjust: defineRoute({
    method: 'POST',
    path: `${base}/adjust`,
    access: 'score.adjust',
    params: subject,
    body: scoreAdjustBody,
    response: scoreAdjusted,
  }),
  adjustments: defineRoute({
    method: 'GET',
    path: `${base}/adjustments`,
    // records of named students' scores: those who check scores before publishing, not every reader
    access: 'score.unpublished.read',
    params: subject,
    query: pageQuery,
    response: paged(scoreAdjustmentItem),
  }),
  /** 考号调整: the sheet moves to the right examinee, its marks with it */
  moveKaohao: defineRoute({
    method: 'POST',
    path: `${base}/adjust/kaohao`,
    access: 'score.adjust',
    params: subject,
    body: scoreKaohaoBody,
    response: scoreKaohaoMoved,
  }),
  kaohaoMoves: defineRoute({
    method: 'GET',
    path: `${base}/adjust/kaohao`,
    // records of named students' scores: those who check scores before publishing, not every reader
    access: 'score.unpublished.read',
    params: subject,
    query: pageQuery,
    response: paged(scoreKaohaoItem),
  }),
  recompute: defineRoute({
    method: 'POST',
    path: `${base}/recompute`,
    access: 'score.read',
    params: subject,
    response: scoreRecomputed,
  }),
  irregular: defineRoute({
    method: 'POST',
    path: `${base}/irregular`,
    access: 'score.adjust',
    params: subject,
    body: irregularBody,
    response: irregularTotal,
  }),
  irregularCancel: defineRoute({
    method: 'POST',
    path: `${base}/irregular/cancel`,
    access: 'score.adjust',
    params: subject,
    body: irregularCancelBody,
    response: irregularTotal,
  }),
  irregulars: defineRoute({
    method: 'GET',
    path: `${base}/irregulars`,
    // records of named students' scores: those who check scores before publishing, not every reader
    access: 'score.unpublished.read',
    params: subject,
    query: pageQuery,
    response: paged(irregularItem),
  }),
};

/** Publishing (spec §4; §7 release / batch release / delay publish, 先阅后扫 统分 and its cancel). */
export const publishContract = {
  state: defineRoute({
    method: 'GET',
    path: `${base}/release`,
    access: 'score.read',
    params: subject,
    response: publishState,
  }),
  release: defineRoute({
    method: 'POST',
    path: `${base}/release`,
    access: 'score.publish',
    params: subject,
    response: reviewTransitionResult,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: `${base}/release/cancel`,
    access: 'score.publish',
    params: subject,
    response: reviewTransitionResult,
  }),
  delay: defineRoute({
    method: 'POST',
    path: `${base}/delayPublish`,
    access: 'score.publish',
    params: subject,
    body: delayPublishBody,
    response: publishState,
  }),
  tongfen: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/xianyuehousao/tongfen',
    access: 'score.publish',
    params: subject,
    response: reviewTransitionResult,
  }),
  tongfenCancel: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/cancelXianyueTongfen',
    access: 'score.publish',
    params: subject,
    response: reviewTransitionResult,
  }),
  /** the exam's release screen; each subject is checked against score.publish on its own */
  examRows: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/score/release',
    access: 'exam.read',
    params: exam,
    response: z.array(examReleaseRow),
  }),
  batch: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/score/batchRelease',
    access: 'exam.read',
    params: exam,
    body: batchReleaseBody,
    response: z.array(batchReleaseItem),
  }),
};
