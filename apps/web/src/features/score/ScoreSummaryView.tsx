import type { ScoreSummaryRow } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Table } from 'antd';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { summaryQuery } from './score.queries';
import { figure } from './score-format';

const columns = [
  { title: '班级', dataIndex: 'className', key: 'className' },
  { title: '学校', dataIndex: 'schoolName', key: 'schoolName' },
  { title: '考生', dataIndex: 'examinees', key: 'examinees' },
  { title: '实考', dataIndex: 'present', key: 'present' },
  { title: '缺考', dataIndex: 'absent', key: 'absent' },
  // 违纪 sit in 实考 with 0; shown apart so nobody takes them for 缺考
  { title: '违纪', dataIndex: 'irregular', key: 'irregular' },
  { title: '无答题卡', dataIndex: 'missing', key: 'missing' },
  { title: '平均分', key: 'mean', render: (r: ScoreSummaryRow) => figure(r.mean) },
  { title: '最高分', key: 'max', render: (r: ScoreSummaryRow) => figure(r.max) },
  { title: '最低分', key: 'min', render: (r: ScoreSummaryRow) => figure(r.min) },
];

/** summary: 实考 / 缺考 / 无答题卡 counts and mean, max, min over 实考, for the subject and each class. */
export function ScoreSummaryView({ subject }: SubjectBundle) {
  const q = useQuery(summaryQuery(subject.subjectInfo.id));
  if (q.isError && !q.data)
    return <QueryFailed title="成绩概览加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const s = q.data;
  return (
    <Card loading={!s} data-testid="score-summary">
      {s && !s.computedAt ? (
        <Empty description="还没有计算成绩：识别答题卡后会自动计算，也可以点击“重新计算成绩”" />
      ) : (
        s && (
          <>
            <Descriptions size="small" column={4} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="满分">{s.fullScore}</Descriptions.Item>
              <Descriptions.Item label="实考">{s.total.present} 人</Descriptions.Item>
              <Descriptions.Item label="缺考">{s.total.absent} 人</Descriptions.Item>
              <Descriptions.Item label="平均分">{figure(s.total.mean)}</Descriptions.Item>
            </Descriptions>
            <Table<ScoreSummaryRow>
              rowKey={(r) => r.classId ?? 0}
              size="small"
              pagination={false}
              columns={columns}
              dataSource={[...s.classes, s.total]}
              locale={{ emptyText: '本科目没有考生' }}
            />
          </>
        )
      )}
    </Card>
  );
}
