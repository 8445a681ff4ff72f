import { PlusOutlined } from '@ant-design/icons';
import type { SubjectiveQuestion } from '@yj/contracts';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { DeleteQuestion, patcher, scoreColumn } from './question-columns';
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
  const set = patcher(questions, onChange);

  const columns = [
    { title: '题号', dataIndex: 'no', width: 90 },
    scoreColumn<SubjectiveQuestion>('满分', 120, set),
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
          <DeleteQuestion q={q} questions={questions} onChange={onChange} />
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
