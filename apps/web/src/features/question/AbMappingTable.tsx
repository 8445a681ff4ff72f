import {
  QUESTION_KIND_LABELS,
  abMappingProblems,
  type ObjectiveQuestion,
  type Structure,
} from '@yj/contracts';
import { Alert, Input, Table, Typography } from 'antd';

/**
 * AB卷 tab, A/B 题号对应 of objective questions: the number each question has on the B paper (empty when it
 * keeps its number), and which A option each B option is (empty when the letters are the same). Subjective B
 * numbers are entered on the 主观题 tab. Problems show as they are typed; the server refuses the same ones.
 */
export function AbMappingTable({
  structure,
  onChange,
}: {
  structure: Structure;
  onChange: (objective: ObjectiveQuestion[]) => void;
}) {
  const questions = structure.objective;
  const problems = abMappingProblems(structure);
  const set = (no: string, patch: Partial<ObjectiveQuestion>) =>
    onChange(questions.map((q) => (q.no === no ? { ...q, ...patch } : q)));
  return (
    <div data-testid="ab-mapping">
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        客观题 A/B 卷题号对应
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        B 卷题目顺序不同时，填写每道题在 B 卷上的题号；不填表示 B 卷题号相同。对应的两题须题型和选项数相同。 B
        卷选项顺序不同时，在“B 卷选项对应”中依次填写 B 卷 A、B、C… 在 A 卷上的选项字母（如 CDAB：B 卷的 A 是 A
        卷的 C）；不填表示选项相同。它只用于报表和试卷讲评的选项分布，不影响计分，成绩发布前都可修改。
      </Typography.Paragraph>
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title="A/B 卷题号对应有误"
          description={problems.join('；')}
          data-testid="ab-problems"
        />
      )}
      <Table<ObjectiveQuestion>
        size="small"
        rowKey="no"
        pagination={false}
        dataSource={questions}
        scroll={{ y: 420 }}
        columns={[
          { title: 'A 卷题号', dataIndex: 'no', width: 100 },
          {
            title: '题型',
            width: 120,
            render: (_: unknown, q) => `${QUESTION_KIND_LABELS[q.kind]} · ${q.options} 个选项`,
          },
          {
            title: 'B 卷题号',
            render: (_: unknown, q) => (
              <Input
                size="small"
                style={{ width: 100 }}
                placeholder={q.no}
                value={q.bNo ?? ''}
                aria-label={`第 ${q.no} 题 B 卷题号`}
                onChange={(e) => set(q.no, { bNo: e.target.value.trim() || null })}
              />
            ),
          },
          {
            title: 'B 卷选项对应',
            render: (_: unknown, q) => (
              <Input
                size="small"
                style={{ width: 120 }}
                placeholder={'ABCDEFGH'.slice(0, q.options)}
                maxLength={q.options}
                value={q.bOptions ?? ''}
                aria-label={`第 ${q.no} 题 B 卷选项对应`}
                onChange={(e) =>
                  set(q.no, { bOptions: e.target.value.toUpperCase().replace(/[^A-H]/g, '') || null })
                }
              />
            ),
          },
        ]}
      />
    </div>
  );
}
