import type { AbnormalBlock } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Table } from 'antd';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { abnormalQuery } from './lead.queries';
import { OverviewNav } from './OverviewNav';

/** abnormal?subjectId=: each block's 问题卷 — waiting for a leader, and how the others were settled. */
export function AbnormalView({ subject, exam }: SubjectBundle) {
  const s = subject.subjectInfo;
  const q = useQuery({ ...abnormalQuery(s.id), refetchInterval: 15_000 });
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '问题卷' })}
      title={`${exam.name} · ${s.name} · 问题卷`}
      testId="abnormal"
      extra={<OverviewNav subjectId={s.id} here="abnormal" />}
    >
      {q.isError ? (
        <QueryFailed title="问题卷加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<AbnormalBlock>
          rowKey="blockId"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          locale={{ emptyText: '您在这个科目没有可查看的题块' }}
          columns={[
            { title: '题块', dataIndex: 'blockName' },
            {
              title: '待处理',
              dataIndex: 'open',
              render: (v: number) => <Badge count={v} showZero color={v ? 'red' : 'default'} />,
            },
            { title: '题组长给分', dataIndex: 'score' },
            { title: '退回任务池', dataIndex: 'back' },
            { title: '转扫描问题', dataIndex: 'scan' },
            {
              title: '操作',
              render: (_, b) => (
                <Link
                  to={`/book/review/abnormal/blockview?subjectId=${s.id}&blockId=${b.blockId}`}
                  data-testid={`abnormal-${b.blockId}`}
                >
                  查看问题卷
                </Link>
              ),
            },
          ]}
        />
      )}
    </PageFrame>
  );
}
