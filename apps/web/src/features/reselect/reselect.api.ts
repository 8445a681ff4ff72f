import type { ReselectInput, ResetCounts } from '@yj/contracts';
import { api } from '../../api/filter';

export interface ReselectPreview extends ResetCounts {
  /** the block's questions now */
  nos: string[];
  /** subjective questions in no block */
  free: string[];
}

const at = (subjectId: number) => ({ params: { subjectId } });

/** 重新选题 (spec §2 resetting/{reSelectFlag}): the preview of what goes, and the change. */
export const reselectApi = {
  preview: (subjectId: number, blockId: number) =>
    api.get<ReselectPreview>(
      '/api/subject/:subjectId/resetting/reselect/preview',
      { blockId },
      at(subjectId),
    ),
  reselect: (subjectId: number, input: ReselectInput) =>
    api.post<ResetCounts & { nos: string[]; unassigned: string[] }>(
      '/api/subject/:subjectId/resetting/reselect',
      input,
      at(subjectId),
    ),
};
