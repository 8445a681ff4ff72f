import type {
  BlockMonitorDetail,
  BlockQuality,
  ExamMonitor,
  QualityPapers,
  QualitySettingInput,
  SubjectMonitor,
  UniteProgress,
} from '@yj/contracts';
import { api } from '../../api/filter';

const block = (blockId: number) => ({ params: { blockId } });

/** Every /filter call of the progress and 质检 screens. */
export const qualityApi = {
  subject: (subjectId: number) =>
    api.get<SubjectMonitor>('/api/subject/:subjectId/monitor/progress', undefined, { params: { subjectId } }),
  exam: (examId: number) =>
    api.get<ExamMonitor>('/api/exam/:examId/monitor/progress', undefined, { params: { examId } }),
  unite: (subjectId: number) =>
    api.get<UniteProgress>('/api/exam/subject/:subjectId/uniteProgress', undefined, {
      params: { subjectId },
    }),
  block: (blockId: number) =>
    api.get<BlockMonitorDetail>('/api/marking/block/:blockId/monitor', undefined, block(blockId)),
  quality: (blockId: number) =>
    api.get<BlockQuality>('/api/marking/block/:blockId/quality', undefined, block(blockId)),
  papers: (blockId: number, page: number, minDiff: number) =>
    api.get<QualityPapers>(
      '/api/marking/block/:blockId/quality/papers',
      { page, size: 20, minDiff },
      block(blockId),
    ),
  setting: (blockId: number, input: QualitySettingInput) =>
    api.post<null>('/api/marking/block/:blockId/quality/setting', input, block(blockId)),
  release: (blockId: number, userId: number) =>
    api.post<null>(
      '/api/marking/block/:blockId/quality/marker/:userId/release',
      {},
      {
        params: { blockId, userId },
      },
    ),
};
