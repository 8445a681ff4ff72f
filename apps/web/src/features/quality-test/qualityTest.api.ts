import { queryOptions } from '@tanstack/react-query';
import type {
  LeadBlockInfo,
  QualityTestProgress,
  QualityTestReport,
  QualityTestSetting,
  QualityTestSettingInput,
  SpotBlock,
  SpotResult,
  SpotTask,
  MarkSubmitInput,
} from '@yj/contracts';
import { api } from '../../api/filter';
import { LIVE_MS } from '../quality/quality.queries';

const block = (blockId: number) => ({ params: { blockId } });

/** Every /filter call of the 质检 screens (setting/qualitytest, quality-test/progress2 and report, 抽查). */
export const qualityTestApi = {
  setting: (subjectId: number) =>
    api.get<QualityTestSetting>('/api/subject/:subjectId/quality-test/setting', undefined, {
      params: { subjectId },
    }),
  save: (blockId: number, input: QualityTestSettingInput) =>
    api.post<null>('/api/marking/block/:blockId/quality-test/setting', input, block(blockId)),
  progress: (subjectId: number) =>
    api.get<QualityTestProgress>('/api/subject/:subjectId/quality-test/progress', undefined, {
      params: { subjectId },
    }),
  report: (blockId: number) =>
    api.get<QualityTestReport>('/api/marking/block/:blockId/quality-test/report', undefined, block(blockId)),
  exportPath: (blockId: number) => `/api/marking/block/${blockId}/quality-test/report/export`,
  spot: (blockId: number) =>
    api.get<SpotBlock>('/api/marking/block/:blockId/spot', undefined, block(blockId)),
  claim: (blockId: number, userId?: number) =>
    api.post<SpotTask>('/api/marking/block/:blockId/spot/claim', userId ? { userId } : {}, block(blockId)),
  submit: (spotId: number, leaseToken: string, scores: MarkSubmitInput['scores']) =>
    api.post<SpotResult>('/api/marking/spot/:spotId/submit', { leaseToken, scores }, { params: { spotId } }),
  release: (spotId: number, leaseToken: string) =>
    api.post<null>('/api/marking/spot/:spotId/release', { leaseToken }, { params: { spotId } }),
  /** the block's questions for the leader's score boxes (the leaders' block page reads the same) */
  questions: (blockId: number) =>
    api.get<LeadBlockInfo>('/api/marking/block/:blockId/lead', undefined, block(blockId)),
  remark: (blockId: number, taskId: number) =>
    api.post<unknown>('/api/marking/block/:blockId/remark', { taskIds: [taskId] }, block(blockId)),
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
