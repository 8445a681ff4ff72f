import type { ExamDetail, ExamMonitor } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
import { Link } from 'react-router';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { eta, speed } from './format';
import { ProgressFigures } from './ProgressFigures';
import { examMonitorQuery } from './quality.queries';
import { BlockProgressBar } from '../../components/BlockProgressBar';

type Row = ExamMonitor['subjects'][number];

/** exam/{examId}/all_review_progress_all: every subject's marking progress, live. */
export function ExamProgressView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examMonitorQuery(exam.id));
  const m = q.data;
  return (
    <PageFrame crumbs={examCrumbs(exam, '阅卷进度')} title={`${exam.name} · 阅卷进度`} testId="exam-progress">
      {q.isError ? (
        <QueryFailed title="阅卷进度加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Card size="small" loading={q.isPending}>
            {m && <ProgressFigures m={m} />}
          </Card>
          <Table<Row>
            rowKey="subjectId"
            loading={q.isPending}
            dataSource={m?.subjects ?? []}
            pagination={false}
            locale={{ emptyText: '这场考试还没有您可查看的科目' }}
            columns={[
              { title: '科目', dataIndex: 'subjectName' },
              { title: '题块', dataIndex: 'blocks' },
              {
                title: '阅卷进度',
                width: 260,
                render: (_, s) => (
                  <BlockProgressBar done={s.done} total={s.total} testId={`exam-progress-${s.subjectId}`} />
                ),
              },
              { title: '近10分钟', render: (_, s) => speed(s.recentPerHour) },
              { title: '平均速度', render: (_, s) => speed(s.overallPerHour) },
              { title: '预计完成', render: (_, s) => eta(s.estimatedFinish, s.done, s.total) },
              {
                title: '操作',
                render: (_, s) => (
                  <Link to={`/book/review/progress/all?subjectId=${s.subjectId}`}>
                    <Button size="small" type="link">
                      查看题块
                    </Button>
                  </Link>
                ),
              },
            ]}
          />
        </>
      )}
    </PageFrame>
  );
}
