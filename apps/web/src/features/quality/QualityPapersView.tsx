import type { QualityPaper } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, InputNumber, Space, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { BlockBundle } from '../exam-admin/SubjectLoader';
import { qualityPapersQuery } from './quality.queries';

/** qualityMonitorStudent: the papers whose two marks differ most, with both markers' scores. */
export function QualityPapersView({ subject, exam, blockId }: BlockBundle) {
  const s = subject.subjectInfo;
  const [page, setPage] = useState(1);
  const [minDiff, setMinDiff] = useState(0);
  const q = useQuery(qualityPapersQuery(blockId, page, minDiff));
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '双评差异' })}
      title={`${s.name} · 双评差异（按试卷）`}
      testId="quality-papers"
      extra={
        <Link to={`/book/qualityMonitorBlock?subjectId=${s.id}&blockId=${blockId}`}>
          <Button>返回质量监控</Button>
        </Link>
      }
    >
      <Card size="small">
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text>只看两评相差超过</Typography.Text>
          <InputNumber
            min={0}
            max={1000}
            step={0.5}
            value={minDiff}
            onChange={(v) => {
              setMinDiff(v ?? 0);
              setPage(1);
            }}
          />
          <Typography.Text>分的试卷</Typography.Text>
        </Space>
        {q.isError ? (
          <QueryFailed title="双评差异加载失败" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <Table<QualityPaper>
            rowKey={(r) => `${r.paperId}-${r.marks[0]?.userId}-${r.at}`}
            size="small"
            loading={q.isPending}
            dataSource={q.data?.items ?? []}
            locale={{ emptyText: '没有符合条件的双评试卷' }}
            pagination={serverPages(page, 20, q.data?.total, setPage)}
            columns={[
              { title: '试卷编号', dataIndex: 'paperId' },
              { title: '一评', render: (_, r) => `${r.marks[0]?.name}：${r.marks[0]?.score} 分` },
              { title: '二评', render: (_, r) => `${r.marks[1]?.name}：${r.marks[1]?.score} 分` },
              {
                title: '相差',
                render: (_, r) => (
                  <Typography.Text type={r.diff > 0 ? 'danger' : undefined}>{r.diff} 分</Typography.Text>
                ),
              },
              {
                title: '评完时间',
                render: (_, r) => new Date(r.at).toLocaleString('zh-CN', { hour12: false }),
              },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
