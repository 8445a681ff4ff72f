import { z } from 'zod';
import { idParam } from '../fields';
import { markLease, blockIdParam } from '../marking';
import {
  blockMonitorDetail,
  blockQuality,
  examMonitor,
  qualityMarkerParams,
  qualityPapers,
  qualityPapersQuery,
  qualitySettingInput,
  subjectMonitor,
  uniteProgress,
} from '../quality';
import {
  qualityTestProgress,
  qualityTestReport,
  qualityTestSetting,
  qualityTestSettingInput,
  spotBlock,
  spotClaimInput,
  spotParams,
  spotResult,
  spotSubmitInput,
  spotTask,
} from '../quality-test';
import { defineRoute, noData } from '../route';

const subject = z.object({ id: idParam() });

/**
 * Live progress and 质检 monitoring (issue 14: review/progress/all, all_review_progress_all, uniteProgress,
 * overview/block, qualityMonitorBlock, qualityMonitorStudent). Reading needs 'marking.monitor' — the exam's
 * page 'exam.read', the service keeps the subjects the user watches —, the block's limits and a leader's
 * release of a flagged marker 'subject.lead'.
 */
export const qualityContract = {
  subject: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/monitor/progress',
    access: 'marking.monitor',
    params: subject,
    response: subjectMonitor,
  }),
  exam: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/monitor/progress',
    access: 'exam.read',
    params: z.object({ examId: idParam() }),
    response: examMonitor,
  }),
  unite: defineRoute({
    method: 'GET',
    path: '/api/exam/subject/:id/uniteProgress',
    access: 'marking.monitor',
    params: subject,
    response: uniteProgress,
  }),
  block: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/monitor',
    access: 'marking.monitor',
    params: blockIdParam,
    response: blockMonitorDetail,
  }),
  quality: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/quality',
    access: 'marking.monitor',
    params: blockIdParam,
    response: blockQuality,
  }),
  papers: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/quality/papers',
    access: 'marking.monitor',
    params: blockIdParam,
    query: qualityPapersQuery,
    response: qualityPapers,
  }),
  setting: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/quality/setting',
    access: 'subject.lead',
    params: blockIdParam,
    body: qualitySettingInput,
    response: noData,
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/quality/marker/:userId/release',
    access: 'subject.lead',
    params: qualityMarkerParams,
    response: noData,
  }),
};

/**
 * 质检 (spec §2 setting/qualitytest, quality-test/progress2, quality-test/report) and the leaders' spot checks.
 * The setting and spot checks need 'subject.lead', the figures 'marking.monitor'. The report's Excel and a
 * spot check's image are file answers and stay on the server's own registration.
 */
export const qualityTestContract = {
  setting: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/quality-test/setting',
    access: 'subject.lead',
    params: subject,
    response: qualityTestSetting,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/quality-test/setting',
    access: 'subject.lead',
    params: blockIdParam,
    body: qualityTestSettingInput,
    response: noData,
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/quality-test/progress',
    access: 'marking.monitor',
    params: subject,
    response: qualityTestProgress,
  }),
  report: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/quality-test/report',
    access: 'marking.monitor',
    params: blockIdParam,
    response: qualityTestReport,
  }),
  spot: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/spot',
    access: 'subject.lead',
    params: blockIdParam,
    response: spotBlock,
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/spot/claim',
    access: 'subject.lead',
    params: blockIdParam,
    body: spotClaimInput,
    response: spotTask,
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/marking/spot/:spotId/submit',
    access: 'subject.lead',
    params: spotParams,
    body: spotSubmitInput,
    response: spotResult,
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/marking/spot/:spotId/release',
    access: 'subject.lead',
    params: spotParams,
    body: markLease,
    response: noData,
  }),
};
