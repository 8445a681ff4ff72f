import {
  blockContract as b,
  questionContract as c,
  type BlockInput,
  type QuestionSpecial,
  type StructureTag as SaveTag,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

export type { BlockList } from '@yj/contracts';
/** The parts of the structure the setting tabs save one call each (spec §7 `{tag}`); 送分 is `special`. */
export type StructureTag = Exclude<SaveTag, 'special'>;
export type BlocksBody = { blocks: Array<BlockInput & { id?: number }> };

/** Every /filter call of the question and block setting screens. */
export const questionApi = {
  info: (subjectId: number) => callRoute(c.info, { params: { id: subjectId } }),
  save: (subjectId: number, tag: StructureTag, body: Record<string, unknown>) =>
    callRoute(c.save, { params: { id: subjectId, tag }, body }),
  /** 送分 / 取消此题 (special null: back to the key), with its reason */
  special: (subjectId: number, body: { no: string; special: QuestionSpecial | null; reason: string }) =>
    callRoute(c.save, { params: { id: subjectId, tag: 'special' }, body }),
  judge: (subjectId: number) => callRoute(c.judge, { body: { subjectId } }),
  blocks: (subjectId: number) => callRoute(b.list, { params: { id: subjectId } }),
  saveBlocks: (subjectId: number, body: BlocksBody) => callRoute(b.save, { params: { id: subjectId }, body }),
  examBlocks: (examId: number) => callRoute(b.ofExam, { params: { examId } }),
};

export const questionKeys = {
  info: (subjectId: number) => ['question', subjectId, 'info'] as const,
  blocks: (subjectId: number) => ['question', subjectId, 'blocks'] as const,
  examBlocks: (examId: number) => ['question', 'exam', examId, 'blocks'] as const,
};
