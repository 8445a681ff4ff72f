import type { MarkQuestion } from '@yj/contracts';
import { Button, InputNumber, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import type { QuestionScore } from './lead.api';
import { stepScores, totalOf } from './score-steps';

/** 给分: a score per question of the block, on the question's step, within its full score. */
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
  const blank = () => Object.fromEntries(questions.map((q) => [q.no, null])) as Record<string, number | null>;
  const [scores, setScores] = useState<Record<string, number | null>>(blank);
  const [saving, setSaving] = useState(false);
  const dirty = open && Object.values(scores).some((v) => v !== null);
  useUnsavedGuard(dirty);
  const set = (no: string, v: number | null) => setScores((s) => ({ ...s, [no]: v }));
  const complete = questions.every((q) => scores[q.no] !== null && scores[q.no] !== undefined);
  const close = () => {
    setScores(blank());
    onCancel();
  };
  const submit = async () => {
    setSaving(true);
    try {
      await onSubmit(questions.map((q) => ({ no: q.no, score: scores[q.no]! })));
      setScores(blank());
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="题组长给分"
      okText={`提交（共 ${totalOf(scores)} 分）`}
      cancelText="取消"
      okButtonProps={{ disabled: !complete, loading: saving, 'data-testid': 'score-submit' } as ButtonProps}
      onOk={submit}
      onCancel={close}
      width={640}
      destroyOnHidden
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="score-dialog">
        {questions.map((q) => {
          const steps = stepScores(q);
          return (
            <div key={q.no}>
              <Typography.Text strong>第 {q.no} 题</Typography.Text>
              <Typography.Text type="secondary">
                {' '}
                满分 {q.fullScore} 分，步长 {q.step} 分
              </Typography.Text>
              <div style={{ marginTop: 8 }}>
                {steps.length ? (
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    value={scores[q.no]}
                    onChange={(e) => set(q.no, e.target.value as number)}
                    options={steps.map((v) => ({ label: String(v), value: v }))}
                    data-testid={`score-${q.no}`}
                  />
                ) : (
                  <Space>
                    <InputNumber
                      min={0}
                      max={q.fullScore}
                      step={q.step}
                      value={scores[q.no]}
                      onChange={(v) => set(q.no, v)}
                      data-testid={`score-${q.no}`}
                    />
                    <Button size="small" onClick={() => set(q.no, 0)}>
                      零分
                    </Button>
                    <Button size="small" onClick={() => set(q.no, q.fullScore)}>
                      满分
                    </Button>
                  </Space>
                )}
              </div>
            </div>
          );
        })}
      </Space>
    </Modal>
  );
}
