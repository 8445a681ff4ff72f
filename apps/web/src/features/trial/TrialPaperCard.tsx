import type { TrialMarkItem } from '@yj/contracts';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import { KeepButtons } from './KeepButtons';
import { ReferenceForm, type TrialPaperProps } from './ReferenceForm';
import { Deviation } from './Deviation';

/** One trial paper: its image, every marker's marks with the deviation, the reference form and 样卷. */
export function TrialPaperCard({ blockId, questions, paper, editable }: TrialPaperProps) {
  return (
    <Card
      size="small"
      data-testid="trial-paper"
      title={
        <Flex gap={8} align="center">
          试评试卷 {paper.seq}
          {paper.reference && <Tag color="green">参考分 {paper.reference.score} 分</Tag>}
          {paper.sample && <Tag color="gold">样卷</Tag>}
          {paper.standard && <Tag color="purple">标准卷</Tag>}
        </Flex>
      }
      extra={editable && <KeepButtons paper={paper} />}
    >
      <Flex gap={16} align="flex-start" wrap>
        <img
          src={paper.imageUrl}
          alt={`试评试卷 ${paper.seq}`}
          style={{ width: 420, maxWidth: '100%', border: '1px solid #f0f0f0' }}
        />
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 320 }}>
          <Table<TrialMarkItem>
            size="small"
            rowKey="userId"
            pagination={false}
            dataSource={paper.marks}
            locale={{ emptyText: '还没有老师提交这份试卷的试评' }}
            columns={[
              { title: '阅卷老师', dataIndex: 'markerName' },
              ...questions.map((q) => ({
                title: `第 ${q.no} 题`,
                key: q.no,
                render: (_: unknown, m: TrialMarkItem) => m.questionScores[q.no] ?? '—',
              })),
              { title: '总分', dataIndex: 'score' },
              {
                title: '偏差',
                dataIndex: 'deviation',
                render: (d: number | null) => <Deviation value={d} />,
              },
            ]}
          />
          <ReferenceForm
            key={`${paper.trialPaperId}-${paper.reference?.score ?? ''}`}
            blockId={blockId}
            questions={questions}
            paper={paper}
            editable={editable}
          />
          {!editable && paper.reference?.comment && (
            <Typography.Text type="secondary">评语：{paper.reference.comment}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
