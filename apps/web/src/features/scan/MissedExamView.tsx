import type { MissedExaminee } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { missedQuery } from './scan.queries';
import { scanCrumbs, scanPagination } from './scan-pages';

/** missedExamDetail?subjectId=: examinees without a matched paper in the subject. */
export function MissedExamView({ subject, exam }: SubjectBundle) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const [page, setPage] = useState(1);
  const q = useQuery(missedQuery(subjectId, page));
  return (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '缺扫名单')}
      title={`${exam.name} · ${info.name} · 缺扫名单`}
      extra={
        <Space>
          <Link to={`/book/scan/scanException?subjectId=${subjectId}`}>
            <Button>识别异常</Button>
          </Link>
        </Space>
      }
      testId="missed-exam"
    >
      {q.isError ? (
        <QueryFailed title="缺扫名单加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card title={q.data ? `未扫描到答题卡的考生：${q.data.total} 人` : '未扫描到答题卡的考生'}>
          <Table<MissedExaminee>
            rowKey="examineeId"
            size="small"
            loading={q.isPending}
            dataSource={q.data?.items ?? []}
            locale={{ emptyText: '所有考生的答题卡都已扫描' }}
            pagination={scanPagination(page, q.data?.total ?? 0, setPage)}
            columns={[
              { title: '考号', dataIndex: 'kaohao' },
              { title: '姓名', dataIndex: 'name' },
              { title: '班级', dataIndex: 'className' },
              { title: '学校', dataIndex: 'schoolName' },
              { title: '考场', dataIndex: 'kaochang', render: (v: string | null) => v ?? '—' },
              {
                title: '状态',
                dataIndex: 'absent',
                render: (v: boolean) => (v ? <Tag>已登记缺考</Tag> : <Tag color="warning">未扫描</Tag>),
              },
            ]}
          />
        </Card>
      )}
    </PageFrame>
  );
}
