import type { BlockProgress } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { subjectProgressQuery } from './lead.queries';
import { SubjectMonitorPanel } from '../quality/SubjectMonitorPanel';
import { OverviewNav } from './OverviewNav';
import { blockProgressColumn } from '../../components/BlockProgressBar';

/** review/progress/all?subjectId=: every block the user leads or manages, with its progress. */
export function SubjectProgressView({ subject, exam, permission }: SubjectBundle) {
  const s = subject.subjectInfo;
  const q = useQuery(subjectProgressQuery(s.id));
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '阅卷进度' })}
      title={`${exam.name} · ${s.name} · 阅卷进度`}
      testId="subject-progress"
      extra={<OverviewNav subjectId={s.id} here="progress" />}
    >
      {/* live figures from the monitoring counters (issue 14), then the leaders' task counts */}
      {permission.monitor && <SubjectMonitorPanel subjectId={s.id} examId={exam.id} />}
      {q.isError ? (
        <QueryFailed title="阅卷进度加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<BlockProgress>
          rowKey="blockId"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          locale={{ emptyText: '这个科目还没有题块' }}
          columns={[
            { title: '题块', dataIndex: 'blockName' },
            blockProgressColumn(260),
            {
              title: '已评任务',
              render: (_, b) => `${b.tasks.submitted} / ${b.tasks.total}`,
            },
            { title: '领取中', render: (_, b) => b.tasks.leased },
            { title: '问题卷', render: (_, b) => b.tasks.problem },
            { title: '待仲裁', render: (_, b) => b.arbitration.waiting },
            { title: '阅卷老师', render: (_, b) => b.markers.length },
            {
              title: '操作',
              width: 120,
              render: (_, b) =>
                b.canLead && (
                  <Link to={`/book/subject/${s.id}/overview/block/${b.blockId}`}>
                    <Button size="small" type="link">
                      题块管理
                    </Button>
                  </Link>
                ),
            },
          ]}
        />
      )}
    </PageFrame>
  );
}
