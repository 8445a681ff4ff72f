import { markingResetContract as c, type ReselectInput } from '@yj/contracts';
import { callRoute } from '../../api/contract';

const at = (id: number) => ({ id });

/** 重新选题 (spec §2 resetting/{reSelectFlag}): the preview of what goes, and the change. */
export const reselectApi = {
  preview: (subjectId: number, blockId: number) =>
    callRoute(c.reselectPreview, { params: at(subjectId), query: { blockId } }),
  reselect: (subjectId: number, input: ReselectInput) =>
    callRoute(c.reselect, { params: at(subjectId), body: input }),
};
