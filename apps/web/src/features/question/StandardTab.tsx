import type { SubjectiveQuestion } from '@yj/contracts';
import { Alert, Input, Table, Typography } from 'antd';
import { byNo } from './structure-edit';

/**
 * 评分标准: the answer and marking standard of each subjective question, shown to markers beside the paper
 * (原卷与答案, 标准答案 in the marking screen). Like answer keys it may be refined until scores are published.
 */
export function StandardTab({
  questions,
  readOnly,
  onChange,
}: {
  questions: SubjectiveQuestion[];
  readOnly: boolean;
  onChange: (q: SubjectiveQuestion[]) => void;
}) {
  if (!questions.length)
    return <Alert type="info" showIcon title="还没有主观题：请先在“主观题”中录入并保存" />;
  const setAnswer = (no: string, answer: string) =>
    onChange(questions.map((q) => (q.no === no ? { ...q, answer } : q)));
  return (
    <>
      <Typography.Text type="secondary">
        阅卷老师在阅卷界面和“原卷与答案”中看到这里的评分标准；阅卷开始后仍可修改，保存后立即生效。
      </Typography.Text>
      <Table<SubjectiveQuestion>
        rowKey="no"
        size="small"
        pagination={false}
        style={{ marginTop: 8 }}
        dataSource={byNo(questions)}
        data-testid="standard-table"
        columns={[
          { title: '题号', dataIndex: 'no', width: 80 },
          { title: '满分', dataIndex: 'score', width: 80 },
          {
            title: '评分标准',
            render: (_, q) => (
              <Input.TextArea
                value={q.answer ?? ''}
                disabled={readOnly}
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={2000}
                showCount
                placeholder="参考答案与给分要点，如：列出方程得 2 分，解得 x=3 得 3 分"
                aria-label={`第 ${q.no} 题评分标准`}
                data-testid={`standard-${q.no}`}
                onChange={(e) => setAnswer(q.no, e.target.value)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
