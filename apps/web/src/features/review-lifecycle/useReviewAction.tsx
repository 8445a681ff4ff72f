import {
  OVERRIDABLE_START_PROBLEMS,
  SUBJECT_STATUS_LABELS,
  type ReviewOperation,
  type ReviewStartProblem,
} from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { isRecord } from '../../api/errors';
import { handleApiError } from '../../api/handle-error';
import { useOneAtATime } from '../../app/useOneAtATime';
import { reviewLifecycleApi } from './review-lifecycle.api';

export interface ReviewSubject {
  subjectId: number;
  name: string;
}

/** What each transition means for the markers, said in its confirmation. */
const CONFIRM: Record<Exclude<ReviewOperation, 'reviewDone'>, string> = {
  reviewStart: '开始后题目、答题卡模板和题块将锁定，阅卷老师即可领取阅卷任务。',
  reviewPause: '暂停后阅卷老师暂时不能领取新的阅卷任务。',
  reviewResume: '继续后阅卷老师可以继续领取阅卷任务。',
  reviewDoneCancel: '取消完成后科目回到阅卷中，可以继续阅卷和回评。',
};

/** The refusal of 开始阅卷 carries its reasons as `data`; any other failure goes to the global handler. */
function startProblems(e: unknown): ReviewStartProblem[] | null {
  if (!isRecord(e) || !Array.isArray(e.data)) return null;
  const list = e.data.filter(
    (x): x is ReviewStartProblem => isRecord(x) && typeof x.kind === 'string' && typeof x.count === 'number',
  );
  return list.length ? list : null;
}

export interface StartRefusal {
  subject: ReviewSubject;
  problems: ReviewStartProblem[];
  /** every reason left is one the manager may override (unfinished scanning) */
  overridable: boolean;
}

/**
 * The marking transitions of one screen, each confirmed first and sent once however often it is clicked.
 * A refused 开始阅卷 keeps its reasons for the screen to list (with 仍然开始 when only scanning is unfinished).
 */
export function useReviewAction() {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [refusal, setRefusal] = useState<StartRefusal | null>(null);

  const run = useOneAtATime({
    mutationFn: (v: { subject: ReviewSubject; op: ReviewOperation; force?: boolean }) =>
      reviewLifecycleApi.run(v.subject.subjectId, v.op, v.force),
    meta: { silent: true },
    onSuccess: async (r, v) => {
      setRefusal(null);
      message.success(`${v.subject.name}：${SUBJECT_STATUS_LABELS[r.status] ?? ''}`);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['review-lifecycle'] }),
        qc.invalidateQueries({ queryKey: ['exam-admin'] }),
      ]);
    },
    onError: (e, v) => {
      const problems = v.op === 'reviewStart' ? startProblems(e) : null;
      if (!problems) return void handleApiError(e);
      const overridable = problems.every((p) => OVERRIDABLE_START_PROBLEMS.includes(p.kind));
      setRefusal({ subject: v.subject, problems, overridable });
    },
  });

  const send = (subject: ReviewSubject, op: ReviewOperation, force = false) =>
    run.mutateAsync({ subject, op, force }).catch(() => undefined);

  /** 阅卷完成 asks done/check first: with work left it says what, else it confirms. */
  async function finish(subject: ReviewSubject, label: string) {
    let left;
    try {
      left = await reviewLifecycleApi.doneCheck(subject.subjectId);
    } catch (e) {
      handleApiError(e);
      return;
    }
    if (left.unmarked + left.arbitration + left.problems > 0) {
      modal.info({
        title: `${subject.name}还不能完成阅卷`,
        content: `还有 ${left.unmarked} 份未阅、${left.arbitration} 份待仲裁、${left.problems} 份问题卷未处理。`,
        okText: '知道了',
      });
      return;
    }
    modal.confirm({
      title: `${label}：${subject.name}`,
      content: '所有试卷均已阅完。完成后阅卷老师不能再领取任务或回评修改分数。',
      okText: label,
      cancelText: '取消',
      onOk: () => send(subject, 'reviewDone'),
    });
  }

  const ask = (subject: ReviewSubject, op: ReviewOperation, label: string) => {
    if (op === 'reviewDone') return void finish(subject, label);
    modal.confirm({
      title: `${label}：${subject.name}`,
      content: CONFIRM[op],
      okText: label,
      cancelText: '取消',
      onOk: () => send(subject, op),
    });
  };

  return {
    ask,
    refusal,
    dismiss: () => setRefusal(null),
    /** 仍然开始: the manager starts although some schools have not confirmed 扫描完成 */
    force: (subject: ReviewSubject) => send(subject, 'reviewStart', true),
    pending: run.isPending,
  };
}
export type ReviewAction = ReturnType<typeof useReviewAction>;
