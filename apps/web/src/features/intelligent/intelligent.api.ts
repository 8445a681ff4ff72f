import type {
  GroupScoreResult,
  IntelligentCheckView,
  IntelligentReviewView,
  IntelligentRunKind,
  IntelligentRunView,
  IntelligentSettingInput,
  IntelligentSettingsView,
} from '@yj/contracts';
import { api } from '../../api/filter';

const base = '/api/subject/:subjectId/setting/intelligent';
const at = (subjectId: number) => ({ params: { subjectId } });

export interface QuestionScore {
  no: string;
  score: number;
}

/** Every /filter call of 智能辅助 (setting/intelligent, /check, /intelligentReview)  */
export const intelligentApi = {
  settings: (subjectId: number) => api.get<IntelligentSettingsView>(base, undefined, at(subjectId)),
  save: (subjectId: number, input: IntelligentSettingInput) => api.post<null>(base, input, at(subjectId)),
  run: (subjectId: number, blockId: number, kind: IntelligentRunKind) =>
    api.post<IntelligentRunView>(`${base}/run`, { blockId, kind }, at(subjectId)),
  check: (subjectId: number, blockId: number) =>
    api.get<IntelligentCheckView>(`${base}/check`, { blockId }, at(subjectId)),
  confirm: (subjectId: number, blockId: number, runId: number, checked: number[]) =>
    api.post<{ applied: number; skipped: number }>(
      `${base}/check/confirm`,
      { blockId, runId, checked },
      at(subjectId),
    ),
  giveBack: (subjectId: number, blockId: number, paperId: number, reason: string) =>
    api.post<{ state: 'returned' }>(`${base}/check/return`, { blockId, paperId, reason }, at(subjectId)),
  groups: (subjectId: number, blockId: number) =>
    api.get<IntelligentReviewView>(`${base}/intelligentReview`, { blockId }, at(subjectId)),
  scoreGroup: (subjectId: number, blockId: number, groupId: number, scores: QuestionScore[]) =>
    api.post<GroupScoreResult>(
      `${base}/intelligentReview/score`,
      { blockId, groupId, scores },
      at(subjectId),
    ),
  split: (subjectId: number, blockId: number, groupId: number, paperId: number) =>
    api.post<null>(`${base}/intelligentReview/split`, { blockId, groupId, paperId }, at(subjectId)),
};

export const intelligentKeys = {
  all: (subjectId: number) => ['intelligent', subjectId] as const,
  check: (subjectId: number, blockId: number) => ['intelligent', subjectId, 'check', blockId] as const,
  groups: (subjectId: number, blockId: number) => ['intelligent', subjectId, 'groups', blockId] as const,
};
