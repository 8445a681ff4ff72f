import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SubjectiveQuestion } from '@yj/contracts';
import { Button, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { addSubQuestion, byNo } from './structure-edit';

/** 主观题: questions and sub-questions (13(1)), each with its full score and score step. */
export function SubjectiveTab({
  questions,
  nextNo,
  ab,
  onChange,
}: {
  questions: SubjectiveQuestion[];
  /** the number a new question gets */
  nextNo: string;
  ab: boolean;
  onChange: (q: SubjectiveQuestion[]) => void;
}) {
  const set = (no: string, patch: Partial<SubjectiveQuestion>) =>
    onChange(questions.map((q) => (q.no === no ? { ...q, ...patch } : q)));

  const columns = [
    { title: '题号', dataIndex: 'no', width: 90 },
    {
      title: '满分',
      width: 120,
      render: (_: unknown, q: SubjectiveQuestion) => (
        <InputNumber
          size="small"
          min={0.5}
          max={300}
          value={q.score}
          aria-label={`第 ${q.no} 题满分`}
          onChange={(v) => v !== null && set(q.no, { score: v })}
        />
      ),
    },
    {
      title: '给分步长',
      width: 120,
      render: (_: unknown, q: SubjectiveQuestion) => (
        <Select
          size="small"
          value={q.step}
          style={{ width: 90 }}
          aria-label={`第 ${q.no} 题给分步长`}
          options={[
            { value: 1, label: '1 分' },
            { value: 0.5, label: '0.5 分' },
          ]}
          onChange={(v) => set(q.no, { step: v })}
        />
      ),
    },
    ...(ab
      ? [
          {
            title: 'B 卷题号',
            width: 120,
            render: (_: unknown, q: SubjectiveQuestion) => (
              <Input
                size="small"
                value={q.bNo ?? ''}
                placeholder={q.no}
                aria-label={`第 ${q.no} 题 B 卷题号`}
                onChange={(e) => set(q.no, { bNo: e.target.value.trim() || null })}
              />
            ),
          },
        ]
      : []),
    {
      title: '操作',
      render: (_: unknown, q: SubjectiveQuestion) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => onChange(addSubQuestion(questions, q.no))}
            data-testid={`add-sub-${q.no}`}
          >
            添加小题
          </Button>
          <Button
            size="small"
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除第 ${q.no} 题`}
            onClick={() => onChange(questions.filter((x) => x.no !== q.no))}
          />
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        一题多问时点“添加小题”，题号写作 13(1)、13(2)；给分步长是阅卷时可给的最小分值。
      </Typography.Text>
      <Table<SubjectiveQuestion>
        rowKey="no"
        size="small"
        dataSource={questions}
        columns={columns}
        pagination={false}
        data-testid="subjective-table"
        locale={{ emptyText: '还没有主观题' }}
      />
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange(byNo([...questions, { no: nextNo, score: 10, step: 1, bNo: null }]))}
        data-testid="add-subjective"
      >
        添加第 {nextNo} 题
      </Button>
    </Space>
  );
}
