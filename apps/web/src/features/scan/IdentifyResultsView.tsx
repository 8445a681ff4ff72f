import type { ScanPaperItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import type { ScanPaperFilter } from './scan.api';
import { papersQuery } from './scan.queries';
import { scanCrumbs, scanPagination } from './scan-pages';

const STATUS: Record<string, { text: string; color: string }> = {
  ok: { text: '正常', color: 'success' },
  exception: { text: '有异常', color: 'error' },
  pending: { text: '识别中', color: 'processing' },
};

/** scan/identifyResults?subjectId=: every recognised paper of the subject, with its state. */
export function IdentifyResultsView({ subject, exam }: SubjectBundle) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ScanPaperFilter | ''>('');
  const q = useQuery(papersQuery(subjectId, page, status || undefined));
  return (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '识别结果')}
      title={`${exam.name} · ${info.name} · 识别结果`}
      extra={
        <Link to={`/book/scan/scanException?subjectId=${subjectId}`}>
          <Button>识别异常</Button>
        </Link>
      }
      testId="identify-results"
    >
      {q.isError ? (
        <QueryFailed title="识别结果加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card
          title={q.data ? `答题卡 ${q.data.total} 份` : '答题卡'}
          extra={
            <Segmented<ScanPaperFilter | ''>
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={[
                { label: '全部', value: '' },
                { label: '正常', value: 'ok' },
                { label: '有异常', value: 'exception' },
                { label: '识别中', value: 'pending' },
              ]}
            />
          }
        >
          <Table<ScanPaperItem>
            rowKey="id"
            size="small"
            loading={q.isPending}
            dataSource={q.data?.items ?? []}
            locale={{ emptyText: '没有答题卡' }}
            pagination={scanPagination(page, q.data?.total ?? 0, setPage)}
            columns={[
              { title: '考号', dataIndex: 'kaohao', render: (v: string | null) => v ?? '未识别' },
              {
                title: '姓名',
                dataIndex: 'name',
                render: (v: string | null, p) =>
                  p.examineeId ? (
                    <Link to={`/book/view/student/paper?subjectId=${subjectId}&examineeId=${p.examineeId}`}>
                      {v}
                    </Link>
                  ) : (
                    <Tag>未匹配</Tag>
                  ),
              },
              { title: '批次', dataIndex: 'batchId', render: (v: number) => `#${v}` },
              { title: '页数', key: 'pages', render: (_: unknown, p) => p.pages.length },
              {
                title: '缺考标记',
                dataIndex: 'absentMarked',
                render: (v: boolean) => (v ? <Tag color="warning">已填涂</Tag> : '—'),
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: string) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag>,
              },
            ]}
          />
        </Card>
      )}
    </PageFrame>
  );
}
