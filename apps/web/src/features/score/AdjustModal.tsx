import type { ScoreStudentRow, ScoreStudentsPage } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Select } from 'antd';
import { FormModal } from '../../components/FormModal';
import { useOneAtATime } from '../../app/useOneAtATime';
import { ReasonField } from './ReasonField';
import { scoreApi } from './score.api';
import { scoreKeys } from './score.queries';

interface AdjustForm {
  questionNo: string;
  score: number;
  reason: string;
}

/** score/adjust: one question's new score with the reason; the total and the 调整记录 follow. */
export function AdjustModal({
  subjectId,
  row,
  questions,
  onClose,
}: {
  subjectId: number;
  row: ScoreStudentRow | null;
  questions: ScoreStudentsPage['questions'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<AdjustForm>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const no = Form.useWatch('questionNo', form);
  const full = questions.find((q) => q.no === no)?.score;
  const save = useOneAtATime({
    mutationFn: (v: AdjustForm) =>
      scoreApi.adjust(subjectId, { examineeId: row!.examineeId, ...v, reason: v.reason.trim() }),
    onSuccess: (r, v) => {
      void message.success(`第 ${v.questionNo} 题已调整为 ${r.after} 分，总分 ${r.total ?? '—'}`);
      void qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) });
      onClose();
    },
  });
  return (
    <FormModal<AdjustForm>
      open={row !== null}
      title={row ? `调整成绩：${row.name}（${row.kaohao}）` : '调整成绩'}
      okText="确认调整"
      save={save}
      form={form}
      onCancel={onClose}
    >
      <Form.Item name="questionNo" label="题号" rules={[{ required: true, message: '请选择题号' }]}>
        <Select
          showSearch
          placeholder="选择题号"
          options={questions.map((q) => ({
            value: q.no,
            label: `第 ${q.no} 题（满分 ${q.score}，现得 ${row?.questions[q.no] ?? '—'}）`,
          }))}
          aria-label="题号"
        />
      </Form.Item>
      <Form.Item
        name="score"
        label={full === undefined ? '调整后分数' : `调整后分数（0 - ${full}）`}
        rules={[{ required: true, message: '请输入调整后的分数' }]}
      >
        <InputNumber min={0} max={full} step={0.5} style={{ width: 160 }} aria-label="调整后分数" />
      </Form.Item>
      <ReasonField label="调整原因" placeholder="例如 复核后加分" />
    </FormModal>
  );
}
