import {
  ARBITRATION_LABELS,
  ASSIGN_MODE_LABELS,
  FINAL_RULE_LABELS,
  type SubjectiveQuestion,
} from '@yj/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import { blockProblems, blockScore, type BlockDraft } from './block-edit';
import { byNo } from './structure-edit';

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Adds or edits one block: its questions, and single or double marking with the rules of DESIGN.md §5. */
export function BlockModal({
  initial,
  isNew,
  others,
  questions,
  onOk,
  onCancel,
}: {
  initial: BlockDraft;
  isNew: boolean;
  others: BlockDraft[];
  questions: SubjectiveQuestion[];
  onOk: (b: BlockDraft) => void;
  onCancel: () => void;
}) {
  const [b, setB] = useState(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const set = (patch: Partial<BlockDraft>) => setB((x) => ({ ...x, ...patch }));
  const full = blockScore(b.nos, questions);
  const owner = (no: string) => others.find((o) => o.nos.includes(no))?.name;
  // the block goes to the page's draft only on 确定: closing otherwise drops what was set here
  const guard = useDialogGuard({
    open: true,
    dirty: JSON.stringify(b) !== JSON.stringify(initial),
    onClose: onCancel,
  });
  const ok = () => {
    const p = blockProblems(b, others, questions);
    setProblems(p);
    if (!p.length) onOk(b);
  };
  return (
    <Modal
      open
      title={isNew ? '新增题块' : '编辑题块'}
      okText="确定"
      cancelText="取消"
      onOk={ok}
      onCancel={guard.close}
      width={620}
      data-testid="block-modal"
    >
      {guard.leaveGuard}
      <Form layout="horizontal" labelCol={{ span: 5 }}>
        <Form.Item label="题块名称" required>
          <Input
            value={b.name}
            maxLength={30}
            onChange={(e) => set({ name: e.target.value })}
            data-testid="block-name"
            aria-label="题块名称"
            placeholder="如：作文"
          />
        </Form.Item>
        <Form.Item label="包含题目" required extra={`题块满分 ${full} 分`}>
          <Select
            mode="multiple"
            value={b.nos}
            placeholder="选择主观题"
            onChange={(nos: string[]) => set({ nos })}
            data-testid="block-nos"
            aria-label="包含题目"
            options={byNo(questions).map((q) => {
              const taken = owner(q.no);
              return {
                value: q.no,
                label: `第 ${q.no} 题（${q.score} 分）${taken ? ` · 已在“${taken}”` : ''}`,
                disabled: Boolean(taken),
              };
            })}
          />
        </Form.Item>
        <Form.Item label="评阅方式">
          <Radio.Group
            value={b.markCount}
            onChange={(e) => set({ markCount: e.target.value as 1 | 2 })}
            options={[
              { value: 1, label: '单评' },
              { value: 2, label: '双评' },
            ]}
            optionType="button"
          />
        </Form.Item>
        {b.markCount === 2 && (
          <>
            <Form.Item label="误差阈值" required extra="两位老师给分相差超过阈值时进入仲裁">
              <Space>
                <InputNumber
                  min={0}
                  step={0.5}
                  value={b.threshold}
                  onChange={(v) => set({ threshold: v })}
                  data-testid="block-threshold"
                  aria-label="误差阈值"
                  placeholder="误差阈值"
                />
                <span>分</span>
              </Space>
            </Form.Item>
            <Form.Item label="最终得分">
              <Select
                value={b.finalRule}
                options={options(FINAL_RULE_LABELS)}
                onChange={(v) => set({ finalRule: v })}
              />
            </Form.Item>
            <Form.Item label="超差仲裁">
              <Select
                value={b.arbitration}
                options={options(ARBITRATION_LABELS)}
                onChange={(v) => set({ arbitration: v })}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label="任务分配">
          <Select
            value={b.assignMode}
            options={options(ASSIGN_MODE_LABELS)}
            onChange={(v) => set({ assignMode: v })}
          />
        </Form.Item>
        {b.assignMode === 'free' && (
          <Form.Item label="每人上限">
            <Space>
              <InputNumber min={1} value={b.quota} placeholder="不限" onChange={(v) => set({ quota: v })} />
              <Typography.Text type="secondary">份</Typography.Text>
            </Space>
          </Form.Item>
        )}
      </Form>
      {problems.length > 0 && (
        <Alert type="error" showIcon title={problems.join('；')} data-testid="block-problems" />
      )}
    </Modal>
  );
}
