import type { ScoreStudentRow } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useOneAtATime } from '../../app/useOneAtATime';
import { ReasonField } from './ReasonField';
import { scoreApi } from './score.api';
import { scoreKeys } from './score.queries';

/** 违纪: the examinee's subject scores 0, with the reason kept (cleared again from the same row). */
export function IrregularModal({
  subjectId,
  row,
  onClose,
}: {
  subjectId: number;
  row: ScoreStudentRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const save = useOneAtATime({
    mutationFn: (reason: string) => scoreApi.irregular(subjectId, row!.examineeId, reason.trim()),
    onSuccess: () => {
      void message.success(`已将 ${row?.name ?? ''} 标记为违纪，本科成绩记 0 分`);
      void qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) });
      onClose();
    },
  });
  return (
    <FormModal
      open={row !== null}
      title={row ? `标记违纪：${row.name}（${row.kaohao}）` : '标记违纪'}
      okText="标记违纪"
      okDanger
      pending={save.isPending}
      form={form}
      onCancel={onClose}
      onFinish={(v) => save.mutate(v.reason)}
    >
      <ReasonField
        label="违纪原因"
        placeholder="例如 考试中夹带小抄"
        extra="标记后本科成绩记 0 分，与缺考分开统计；成绩发布前可以取消。"
      />
    </FormModal>
  );
}
