import type { ExamDetail, SubjectScanProgress } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { examProgressQuery } from './scan.queries';
import { batchPercent } from './scan-logic';

/** exam/{examId}/allscan: scan progress of every subject of the exam. */
export function AllScanView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examProgressQuery(exam.id));
  return (
    <PageFrame crumbs={examCrumbs(exam, '扫描进度')} title={`${exam.name} · 扫描进度`} testId="all-scan">
      {q.isError ? (
        <QueryFailed title="扫描进度加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card>
          <Table<SubjectScanProgress>
            rowKey="subjectId"
            loading={q.isPending}
            dataSource={q.data ?? []}
            pagination={false}
            columns={[
              {
                title: '科目',
                dataIndex: 'name',
                render: (v: string, s) => <Link to={`/book/subject/${s.subjectId}/answerCard`}>{v}</Link>,
              },
              { title: '考生', dataIndex: 'examinees' },
              { title: '答题卡', dataIndex: 'papers' },
              { title: '已匹配', dataIndex: 'matched' },
              {
                title: '缺扫',
                dataIndex: 'missing',
                render: (v: number, s) => (
                  <Link to={`/book/missedExamDetail?subjectId=${s.subjectId}`}>
                    {v > 0 ? <Tag color="warning">{v}</Tag> : <Tag color="success">0</Tag>}
                  </Link>
                ),
              },
              {
                title: '待处理异常',
                dataIndex: 'exceptions',
                render: (v: number, s) => (
                  <Link to={`/book/scan/scanException?subjectId=${s.subjectId}`}>
                    {v > 0 ? <Tag color="error">{v}</Tag> : <Tag color="success">0</Tag>}
                  </Link>
                ),
              },
              {
                title: '识别进度',
                key: 'p',
                width: 240,
                render: (_: unknown, s) => (
                  <Progress
                    size="small"
                    percent={batchPercent(s)}
                    status={s.queued > 0 ? 'active' : 'normal'}
                    format={() => `${s.pages - s.queued}/${s.pages} 页`}
                  />
                ),
              },
            ]}
          />
        </Card>
      )}
    </PageFrame>
  );
}
