import type { MarkQuestion } from '@yj/contracts';
import { Button, InputNumber, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import type { QuestionScore } from './lead.api';
import { scoreFields, stepScores, toScores, totalOf, type ScoreField } from './score-steps';

/** One score to give: a button per step, or a number box with 零分 / 满分 when the steps are many. */
function FieldInput({
  f,
  value,
  set,
}: {
  f: ScoreField;
  value: number | null;
  set: (v: number | null) => void;
}) {
  const steps = stepScores(f.max, f.step);
  if (steps.length)
    return (
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={value}
        onChange={(e) => set(e.target.value as number)}
        options={steps.map((v) => ({ label: String(v), value: v }))}
        data-testid={`score-${f.key}`}
      />
    );
  return (
    <Space>
      <InputNumber
        min={0}
        max={f.max}
        step={f.step}
        value={value}
        onChange={set}
        data-testid={`score-${f.key}`}
      />
      <Button size="small" onClick={() => set(0)}>
        零分
      </Button>
      <Button size="small" onClick={() => set(f.max)}>
        满分
      </Button>
    </Space>
  );
}

/** 给分: a score per question (or per 给分点) of the block, on the question's step, within its full score. */
export function ScoreDialog({
  open,
  questions,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  questions: MarkQuestion[];
  onCancel: () => void;
  onSubmit: (scores: QuestionScore[]) => Promise<unknown>;
}) {
  const fields = scoreFields(questions);
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [saving, setSaving] = useState(false);
  const scores = toScores(questions, values);
  const close = () => {
    setValues({});
    onCancel();
  };
  const guard = useDialogGuard({
    open,
    dirty: Object.values(values).some((v) => v !== null),
    saving,
    onClose: close,
  });
  const submit = async () => {
    if (!scores) return;
    setSaving(true);
    try {
      await onSubmit(scores);
      setValues({});
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="题组长给分"
      okText={`提交（共 ${totalOf(values)} 分）`}
      cancelText="取消"
      okButtonProps={{ disabled: !scores, loading: saving, 'data-testid': 'score-submit' } as ButtonProps}
      onOk={submit}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: saving }}
      width={680}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="score-dialog">
        {questions.map((q) => (
          <div key={q.no}>
            <Typography.Text strong>第 {q.no} 题</Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              满分 {q.fullScore} 分，步长 {q.step} 分
            </Typography.Text>
            {fields
              .filter((f) => f.no === q.no)
              .map((f) => (
                <div key={f.key} style={{ marginTop: 8 }}>
                  {f.label && <div style={{ marginBottom: 4 }}>{f.label}</div>}
                  <FieldInput
                    f={f}
                    value={values[f.key] ?? null}
                    set={(v) => setValues((s) => ({ ...s, [f.key]: v }))}
                  />
                </div>
              ))}
          </div>
        ))}
      </Space>
    </Modal>
  );
}
