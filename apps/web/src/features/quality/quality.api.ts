import { qualityContract as c, type QualitySettingInput } from '@yj/contracts';
import { callRoute } from '../../api/contract';

const block = (blockId: number) => ({ params: { blockId } });

/** The routes of the progress and 质检 screens (server apps/server/src/modules/quality): contracts/routes/quality.ts. */
export const qualityApi = {
  subject: (subjectId: number) => callRoute(c.subject, { params: { id: subjectId } }),
  exam: (examId: number) => callRoute(c.exam, { params: { examId } }),
  unite: (subjectId: number) => callRoute(c.unite, { params: { id: subjectId } }),
  block: (blockId: number) => callRoute(c.block, block(blockId)),
  quality: (blockId: number) => callRoute(c.quality, block(blockId)),
  papers: (blockId: number, page: number, minDiff: number) =>
    callRoute(c.papers, { ...block(blockId), query: { page, size: 20, minDiff } }),
  setting: (blockId: number, input: QualitySettingInput) =>
    callRoute(c.setting, { ...block(blockId), body: input }),
  release: (blockId: number, userId: number) => callRoute(c.release, { params: { blockId, userId } }),
};
