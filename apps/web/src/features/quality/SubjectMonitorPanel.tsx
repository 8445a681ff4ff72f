import type { BlockMonitor, SchoolProgress } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Progress, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { eta, pct, percent, speed } from './format';
import { ProgressFigures } from './ProgressFigures';
import { subjectMonitorQuery, uniteQuery } from './quality.queries';
import { BlockProgressBar } from '../../components/BlockProgressBar';

/**
 * review/progress/all, live: the subject's marks given / to give, speed over the last 10 minutes and overall,
 * the estimated finish, per block the double-marking agreement and arbitration rate, and by school.
 */
export function SubjectMonitorPanel({ subjectId, examId }: { subjectId: number; examId: number }) {
  const q = useQuery(subjectMonitorQuery(subjectId));
  const unite = useQuery(uniteQuery(subjectId));
  if (q.isError && !q.data)
    return <QueryFailed title="阅卷实时进度加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const m = q.data;
  const schools = unite.data?.schools ?? [];
  return (
    <>
      <Card
        size="small"
        title="实时进度"
        loading={q.isPending}
        data-testid="monitor-summary"
        extra={<Link to={`/book/exam/${examId}/all_review_progress_all`}>全部科目进度</Link>}
      >
        {m && <ProgressFigures m={m} />}
      </Card>
      <Card size="small" title="各题块进度与质量" data-testid="monitor-blocks">
        <Table<BlockMonitor>
          rowKey="blockId"
          size="small"
          loading={q.isPending}
          dataSource={m?.blocks ?? []}
          pagination={false}
          locale={{ emptyText: '这个科目还没有您可查看的题块' }}
          columns={[
            { title: '题块', dataIndex: 'blockName' },
            {
              title: '阅卷进度',
              width: 220,
              render: (_, b) => (
                <BlockProgressBar done={b.done} total={b.total} testId={`monitor-progress-${b.blockId}`} />
              ),
            },
            { title: '近10分钟', render: (_, b) => speed(b.recentPerHour) },
            { title: '预计完成', render: (_, b) => eta(b.estimatedFinish, b.done, b.total) },
            { title: '双评一致率', render: (_, b) => (b.double ? pct(b.double.agreement) : '单评') },
            { title: '仲裁率', render: (_, b) => (b.double ? pct(b.double.arbitrationRate) : '—') },
            {
              title: '质检标记',
              render: (_, b) => (b.flagged ? <Tag color="red">{b.flagged} 名老师</Tag> : <Tag>无</Tag>),
            },
            {
              title: '操作',
              width: 110,
              render: (_, b) => (
                <Link to={`/book/qualityMonitorBlock?subjectId=${subjectId}&blockId=${b.blockId}`}>
                  <Button size="small" type="link">
                    质量监控
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      </Card>
      {schools.length > 1 && (
        <Card size="small" title="各学校进度">
          <Table<SchoolProgress>
            rowKey="schoolId"
            size="small"
            dataSource={schools}
            pagination={schools.length > 20 ? { pageSize: 20 } : false}
            columns={[
              { title: '学校', dataIndex: 'schoolName' },
              { title: '试卷', dataIndex: 'papers' },
              {
                title: '阅卷进度',
                width: 240,
                render: (_, s) => (
                  <Progress percent={percent(s.share)} format={() => `${s.done} / ${s.total}`} />
                ),
              },
              { title: '平均速度', render: (_, s) => speed(s.overallPerHour) },
              { title: '预计完成', render: (_, s) => eta(s.estimatedFinish, s.done, s.total) },
            ]}
          />
        </Card>
      )}
    </>
  );
}
