import {
  intelligentContract as c,
  type IntelligentRunKind,
  type IntelligentSettingInput,
  type MarkerBlankReturnInput,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

const at = (id: number) => ({ id });

export interface QuestionScore {
  no: string;
  score: number;
}

/** Every /filter call of 智能辅助 (setting/intelligent, /check, /intelligentReview): contracts/routes/intelligent.ts */
export const intelligentApi = {
  settings: (subjectId: number) => callRoute(c.settings, { params: at(subjectId) }),
  save: (subjectId: number, input: IntelligentSettingInput) =>
    callRoute(c.save, { params: at(subjectId), body: input }),
  run: (subjectId: number, blockId: number, kind: IntelligentRunKind) =>
    callRoute(c.run, { params: at(subjectId), body: { blockId, kind } }),
  check: (subjectId: number, blockId: number) =>
    callRoute(c.check, { params: at(subjectId), query: { blockId } }),
  confirm: (subjectId: number, blockId: number, runId: number, checked: number[]) =>
    callRoute(c.confirm, { params: at(subjectId), body: { blockId, runId, checked } }),
  giveBack: (subjectId: number, blockId: number, paperId: number, reason: string) =>
    callRoute(c.giveBack, { params: at(subjectId), body: { blockId, paperId, reason } }),
  groups: (subjectId: number, blockId: number) =>
    callRoute(c.groups, { params: at(subjectId), query: { blockId } }),
  scoreGroup: (
    subjectId: number,
    blockId: number,
    groupId: number,
    paperIds: number[],
    scores: QuestionScore[],
  ) => callRoute(c.scoreGroup, { params: at(subjectId), body: { blockId, groupId, paperIds, scores } }),
  split: (subjectId: number, blockId: number, groupId: number, paperId: number) =>
    callRoute(c.split, { params: at(subjectId), body: { blockId, groupId, paperId } }),
  /** the block's confirmed blanks, for its markers */
  markerBlanks: (subjectId: number, blockId: number) =>
    callRoute(c.markerBlanks, { params: { id: subjectId }, query: { blockId } }),
  markerBlankReturn: (subjectId: number, body: MarkerBlankReturnInput) =>
    callRoute(c.markerBlankReturn, { params: { id: subjectId }, body }),
};

export const intelligentKeys = {
  all: (subjectId: number) => ['intelligent', subjectId] as const,
  check: (subjectId: number, blockId: number) => ['intelligent', subjectId, 'check', blockId] as const,
  groups: (subjectId: number, blockId: number) => ['intelligent', subjectId, 'groups', blockId] as const,
  markerBlanks: (subjectId: number, blockId: number) =>
    ['intelligent', subjectId, 'marker-blanks', blockId] as const,
};
