import { SUBJECT_OPERATIONS, SUBJECT_STATUS_LABELS } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { trialApi, trialKeys, type TrialOp } from './trial.api';

/** What each trial transition means, said in its confirmation. */
const CONFIRM: Record<Exclude<TrialOp, 'trialRollback'>, string> = {
  trialStart: '开始后各题块的阅卷老师即可在阅卷任务中进入“试评”，批阅本题块的全部试评试卷。',
  trialPause: '暂停后阅卷老师暂时不能继续试评。',
  trialResume: '继续后阅卷老师可以继续试评。',
};

/** The trial transitions, each confirmed first and sent once however often it is clicked. */
export function useTrialAction(subjectId: number) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const run = useOneAtATime({
    mutationFn: (op: TrialOp) => trialApi.run(subjectId, op),
    onSuccess: async (r) => {
      message.success(`科目状态：${SUBJECT_STATUS_LABELS[r.status] ?? ''}`);
      await Promise.all([
        qc.invalidateQueries({ queryKey: trialKeys.all }),
        qc.invalidateQueries({ queryKey: ['exam-admin'] }),
        qc.invalidateQueries({ queryKey: ['review-lifecycle'] }),
      ]);
    },
  });
  /** `marked`: the trial marks a rollback deletes, said in its confirmation */
  return (op: TrialOp, marked: number) => {
    const label = SUBJECT_OPERATIONS[op].label;
    const rollback = op === 'trialRollback';
    modal.confirm({
      title: `确定${label}吗？`,
      content: rollback
        ? `将删除全部 ${marked} 份试评给分（记入动态日志），试评试卷及其参考分退回，科目回到设置中；已设为样卷或标准卷的试卷保留。此操作不能撤销。`
        : CONFIRM[op as Exclude<TrialOp, 'trialRollback'>],
      okText: label,
      okButtonProps: { danger: rollback },
      cancelText: '取消',
      onOk: () => run.mutateAsync(op).catch(() => undefined),
    });
  };
}
