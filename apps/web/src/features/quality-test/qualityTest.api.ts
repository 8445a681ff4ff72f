import { queryOptions } from '@tanstack/react-query';
import {
  markingLeadContract as lead,
  qualityTestContract as c,
  type MarkSubmitInput,
  type QualityTestSettingInput,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { LIVE_MS } from '../quality/quality.queries';

const block = (blockId: number) => ({ params: { blockId } });

/**
 * The routes of the 质检 screens (setting/qualitytest, quality-test/progress2 and report, 抽查):
 * contracts/routes/quality.ts.
 */
export const qualityTestApi = {
  setting: (subjectId: number) => callRoute(c.setting, { params: { id: subjectId } }),
  save: (blockId: number, input: QualityTestSettingInput) =>
    callRoute(c.save, { ...block(blockId), body: input }),
  progress: (subjectId: number) => callRoute(c.progress, { params: { id: subjectId } }),
  report: (blockId: number) => callRoute(c.report, block(blockId)),
  exportPath: (blockId: number) => `/api/marking/block/${blockId}/quality-test/report/export`,
  spot: (blockId: number) => callRoute(c.spot, block(blockId)),
  claim: (blockId: number, userId?: number) =>
    callRoute(c.claim, { ...block(blockId), body: userId ? { userId } : {} }),
  submit: (spotId: number, leaseToken: string, scores: MarkSubmitInput['scores']) =>
    callRoute(c.submit, { params: { spotId }, body: { leaseToken, scores } }),
  release: (spotId: number, leaseToken: string) =>
    callRoute(c.release, { params: { spotId }, body: { leaseToken } }),
  /** the block's questions for the leader's score boxes (the leaders' block page reads the same) */
  questions: (blockId: number) => callRoute(lead.info, block(blockId)),
  remark: (blockId: number, taskId: number) =>
    callRoute(lead.remark, { ...block(blockId), body: { taskIds: [taskId] } }),
};

export const qualityTestKeys = {
  setting: (subjectId: number) => ['quality-test', 'setting', subjectId] as const,
  spot: (blockId: number) => ['quality-test', 'spot', blockId] as const,
};

export const settingQuery = (subjectId: number) =>
  queryOptions({
    queryKey: qualityTestKeys.setting(subjectId),
    queryFn: () => qualityTestApi.setting(subjectId),
    meta: { silent: true },
  });

/** progress2 and the report follow marking as it goes (the counters make the reads cheap). */
export const progressQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['quality-test', 'progress', subjectId],
    queryFn: () => qualityTestApi.progress(subjectId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const reportQuery = (blockId: number) =>
  queryOptions({
    queryKey: ['quality-test', 'report', blockId],
    queryFn: () => qualityTestApi.report(blockId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const spotQuery = (blockId: number) =>
  queryOptions({
    queryKey: qualityTestKeys.spot(blockId),
    queryFn: () => qualityTestApi.spot(blockId),
    meta: { silent: true },
  });
