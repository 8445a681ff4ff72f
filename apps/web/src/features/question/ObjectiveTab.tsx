import {
  PARTIAL_RULE_LABELS,
  QUESTION_KIND_LABELS,
  type ObjectiveKind,
  type ObjectiveQuestion,
  type PartialRule,
} from '@yj/contracts';
import { Alert, Button, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { DeleteQuestion, patcher, scoreColumn } from './question-columns';
import { SpecialTag } from './SpecialQuestions';
import { mergeObjective, quickEntry, withKind } from './structure-edit';

const KINDS: ObjectiveKind[] = ['single', 'multi', 'trueFalse'];
const PARTIAL_RULES: PartialRule[] = ['fixed', 'share'];

/** 客观题: quick entry the way teachers type it, then the table to adjust each question. */
export function ObjectiveTab({
  questions,
  onChange,
}: {
  questions: ObjectiveQuestion[];
  onChange: (q: ObjectiveQuestion[]) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = patcher(questions, onChange);

  const add = () => {
    const r = quickEntry(text);
    if (!r.ok) return setError(r.error);
    setError(null);
    setText('');
    onChange(mergeObjective(questions, r.questions));
  };

  const columns = [
    { title: '题号', dataIndex: 'no', width: 80 },
    {
      title: '题型',
      width: 110,
      render: (_: unknown, q: ObjectiveQuestion) => (
        <Select
          size="small"
          value={q.kind}
          style={{ width: 90 }}
          aria-label={`第 ${q.no} 题题型`}
          options={KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
          onChange={(k) => onChange(questions.map((x) => (x.no === q.no ? withKind(x, k) : x)))}
        />
      ),
    },
    {
      title: '选项数',
      width: 100,
      render: (_: unknown, q: ObjectiveQuestion) => (
        <InputNumber
          size="small"
          min={2}
          max={8}
          value={q.options}
          disabled={q.kind === 'trueFalse'}
          aria-label={`第 ${q.no} 题选项数`}
          onChange={(v) => v !== null && set(q.no, { options: v })}
        />
      ),
    },
    scoreColumn<ObjectiveQuestion>('分值', 100, set),
    {
      title: '多选少选得分',
      width: 250,
      render: (_: unknown, q: ObjectiveQuestion) =>
        q.kind === 'multi' ? (
          <Space size={4}>
            <Select
              size="small"
              value={q.partialRule ?? 'fixed'}
              style={{ width: 118 }}
              aria-label={`第 ${q.no} 题少选规则`}
              data-testid={`partial-rule-${q.no}`}
              options={PARTIAL_RULES.map((r) => ({ value: r, label: PARTIAL_RULE_LABELS[r] }))}
              onChange={(partialRule) =>
                set(q.no, { partialRule, ...(partialRule === 'share' ? { partialScore: null } : {}) })
              }
            />
            {(q.partialRule ?? 'fixed') === 'fixed' ? (
              <InputNumber
                size="small"
                min={0}
                step={0.5}
                style={{ width: 90 }}
                value={q.partialScore}
                placeholder="不给分"
                aria-label={`第 ${q.no} 题少选得分`}
                onChange={(v) => set(q.no, { partialScore: v })}
              />
            ) : (
              <Typography.Text type="secondary" title="按 0.5 分向下取">
                分值 × 选对数 ÷ 答案数
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '答案',
      width: 130,
      render: (_: unknown, q: ObjectiveQuestion) => (
        <Space size={4}>
          {q.answer || <Typography.Text type="secondary">未设置</Typography.Text>}
          <SpecialTag q={q} />
        </Space>
      ),
    },
    {
      title: '操作',
      width: 70,
      render: (_: unknown, q: ObjectiveQuestion) => (
        <DeleteQuestion q={q} questions={questions} onChange={onChange} />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        快速录入：每行一段，如“1-10 单选 A-D 每题3分”“11-15 多选 A-E 每题5分 少选2分”“16-20 判断
        每题2分”；题号相同的题会被替换。
      </Typography.Text>
      <Input.TextArea
        rows={3}
        value={text}
        placeholder="1-10 单选 A-D 每题3分"
        onChange={(e) => setText(e.target.value)}
        data-testid="quick-entry"
      />
      {error && <Alert type="error" showIcon title={error} data-testid="quick-entry-error" />}
      <Space>
        <Button onClick={add} disabled={!text.trim()} data-testid="quick-entry-add">
          按快速录入添加
        </Button>
        <Button danger disabled={!questions.length} onClick={() => onChange([])}>
          清空客观题
        </Button>
      </Space>
      <Table<ObjectiveQuestion>
        rowKey="no"
        size="small"
        dataSource={questions}
        columns={columns}
        pagination={false}
        data-testid="objective-table"
        locale={{ emptyText: '还没有客观题：在上方快速录入' }}
      />
    </Space>
  );
}
