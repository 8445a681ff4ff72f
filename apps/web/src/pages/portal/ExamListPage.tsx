import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { OnlineExamsCard } from '../../features/online/OnlineExamsCard';
import { linkFor, usePortalWho } from '../../features/portal/portal-child';
import { portalExamsQuery, portalTrendQuery } from '../../features/portal/portal.queries';
import { TrendCard } from '../../features/portal/TrendCard';
import { PortalFailed } from '../../features/portal/PortalFailed';

/** /portal: a student's 在线考试 (issue 34), then the exams with published results, newest first; 历次成绩 above them when there are several. */
export function ExamListPage() {
  const who = usePortalWho();
  const online = who.me.kind === 'student' ? <OnlineExamsCard /> : null;
  return (
    <div style={{ display: 'grid', gap: 10 }}>
      {online}
      <PublishedExams />
    </div>
  );
}

function PublishedExams() {
  const who = usePortalWho();
  const q = useQuery(portalExamsQuery(who.studentId));
  const several = (q.data?.length ?? 0) > 1;
  const trend = useQuery({ ...portalTrendQuery(who.studentId), enabled: several });
  if (q.isPending) return <Skeleton active />;
  if (q.isError)
    return <PortalFailed error={q.error} onRetry={() => void q.refetch()} title="考试列表加载失败" />;
  if (!q.data.length) return <Empty style={{ marginTop: 80 }} description="还没有已发布成绩的考试" />;
  return (
    <div style={{ display: 'grid', gap: 10 }} data-testid="portal-exams">
      {several && trend.data && trend.data.length > 1 && <TrendCard trend={trend.data} />}
      {q.data.map((e) => (
        <Link key={e.examId} to={linkFor(who, `/portal/exam/${e.examId}`)}>
          <Card size="small" hoverable>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ fontWeight: 600, fontSize: 15, color: '#1d2129' }}>{e.name}</div>
                <div style={{ color: '#86909c', fontSize: 13, marginTop: 4 }}>
                  {e.date ?? '—'} · {e.subjects} 科已发布
                </div>
              </div>
              <div style={{ textAlign: 'right' }}>
                <span style={{ fontSize: 22, fontWeight: 600, color: '#1f6feb' }}>{e.total ?? '—'}</span>
                <span style={{ color: '#86909c', fontSize: 12 }}> / {e.fullScore}</span>
              </div>
              <RightOutlined style={{ color: '#c9cdd4' }} />
            </div>
          </Card>
        </Link>
      ))}
    </div>
  );
}
