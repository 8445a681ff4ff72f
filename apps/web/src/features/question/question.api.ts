import type { BlockInput, BlockItem, ExamBlockSubject, QuestionSpecial, StructureInfo } from '@yj/contracts';
import { api } from '../../api/filter';

/** The parts of the structure saved one call each (spec §7 `{tag}`). */
export type StructureTag = 'objective' | 'subjective' | 'optional' | 'ab' | 'answer';
export type BlocksBody = { blocks: Array<BlockInput & { id?: number }> };
export interface BlockList {
  blocks: BlockItem[];
  /** subjective questions in no block yet */
  unassigned: string[];
}

/** Every /filter call of the question and block setting screens. */
export const questionApi = {
  info: (subjectId: number) =>
    api.get<StructureInfo>('/yue/api/subject/:id/setting/questions/info', undefined, {
      params: { id: subjectId },
    }),
  save: (subjectId: number, tag: StructureTag, body: Record<string, unknown>) =>
    api.post<StructureInfo>('/api/api/subject/:id/setting/questions/:tag', body, {
      params: { id: subjectId, tag },
    }),
  /** 送分 / 取消此题 (special null: back to the key), with its reason */
  special: (subjectId: number, body: { no: string; special: QuestionSpecial | null; reason: string }) =>
    api.post<StructureInfo>('/api/api/subject/:id/setting/questions/:tag', body, {
      params: { id: subjectId, tag: 'special' },
    }),
  judge: (subjectId: number) =>
    api.post<{ ok: boolean; problems: string[] }>('/api/subject/judge/strucTemplate', { subjectId }),
  blocks: (subjectId: number) =>
    api.get<BlockList>('/api/subject/:id/setting/block', undefined, { params: { id: subjectId } }),
  saveBlocks: (subjectId: number, body: BlocksBody) =>
    api.post<BlockList>('/api/subject/:id/setting/block', body, { params: { id: subjectId } }),
  examBlocks: (examId: number) =>
    api.get<ExamBlockSubject[]>('/api/exam/:examId/setting/block', undefined, { params: { examId } }),
};

export const questionKeys = {
  info: (subjectId: number) => ['question', subjectId, 'info'] as const,
  blocks: (subjectId: number) => ['question', subjectId, 'blocks'] as const,
  examBlocks: (examId: number) => ['question', 'exam', examId, 'blocks'] as const,
};
