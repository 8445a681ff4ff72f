import type { ReviewTransitionResult } from '@yj/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { publishApi } from './score.api';
import { scoreKeys } from './score.queries';

export type PublishOp = 'release' | 'cancel' | 'tongfen' | 'tongfenCancel';

const RUN: Record<PublishOp, (subjectId: number) => Promise<ReviewTransitionResult>> = {
  release: publishApi.release,
  cancel: publishApi.cancel,
  tongfen: publishApi.tongfen,
  tongfenCancel: publishApi.tongfenCancel,
};
const DONE: Record<PublishOp, string> = {
  release: '成绩已发布',
  cancel: '已取消发布',
  tongfen: '统分完成，成绩已发布',
  tongfenCancel: '已取消统分发布，科目回到设置中',
};

/** Everything a change of publishing touches: the subject's state and permission, its scores, the release lists. */
export async function afterPublishChange(qc: QueryClient, subjectId: number): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['exam-admin', 'subject', subjectId] }),
    qc.invalidateQueries({ queryKey: ['score-publish'] }),
    qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) }),
  ]);
}

/** 发布 / 取消发布 / 统分 / 取消统分 of one subject, sent once however often it is clicked; a refusal says why. */
export function usePublishAction(subjectId: number) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  return useOneAtATime({
    mutationFn: (op: PublishOp) => RUN[op](subjectId),
    onSuccess: async (_r, op) => {
      message.success(DONE[op]);
      await afterPublishChange(qc, subjectId);
    },
    // a refusal (成绩核查未通过…) goes to the global handler; the lists may have moved meanwhile
    onError: () => void afterPublishChange(qc, subjectId),
  });
}
