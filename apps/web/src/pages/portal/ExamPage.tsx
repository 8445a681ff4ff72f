import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { PortalFailed } from '../../features/portal/PortalFailed';
import { linkFor, usePortalWho } from '../../features/portal/portal-child';
import { portalExamQuery } from '../../features/portal/portal.queries';
import { StandingLine } from '../../features/portal/Standing';

/** /portal/exam/:examId: the total and every published subject, with what the school shows beside them. */
export function ExamPage() {
  const who = usePortalWho();
  const examId = Number(useParams().examId);
  const q = useQuery(portalExamQuery(examId, who.studentId));
  if (q.isPending) return <Skeleton active />;
  if (q.isError)
    return <PortalFailed error={q.error} onRetry={() => void q.refetch()} title="成绩加载失败" />;
  const e = q.data;
  return (
    <div style={{ display: 'grid', gap: 10 }} data-testid="portal-exam">
      <Card size="small">
        <div style={{ fontWeight: 600, fontSize: 16 }}>{e.name}</div>
        <div style={{ color: '#86909c', fontSize: 13, margin: '2px 0 10px' }}>
          {e.student.name} · {e.student.className} · {e.date ?? '—'}
        </div>
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 6, marginBottom: 8 }}>
          <span style={{ color: '#4e5969' }}>总分</span>
          <span style={{ fontSize: 32, fontWeight: 700, color: '#1f6feb' }} data-testid="portal-total">
            {e.total.score ?? '—'}
          </span>
          <span style={{ color: '#86909c' }}>/ {e.total.fullScore}</span>
        </div>
        <StandingLine standing={e.total.standing} level={e.total.level} />
      </Card>
      {e.subjects.map((s) => (
        <Link key={s.subjectId} to={linkFor(who, `/portal/subject/${s.subjectId}`)}>
          <Card size="small" hoverable>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
              <span style={{ fontWeight: 600, fontSize: 15, color: '#1d2129', flex: 1 }}>{s.name}</span>
              {s.absent ? (
                <Tag>缺考</Tag>
              ) : (
                <span>
                  <b style={{ fontSize: 20, color: '#1f6feb' }}>{s.score ?? '—'}</b>
                  <span style={{ color: '#86909c', fontSize: 12 }}> / {s.fullScore}</span>
                </span>
              )}
              <RightOutlined style={{ color: '#c9cdd4' }} />
            </div>
            <StandingLine standing={s.standing} level={s.level} />
          </Card>
        </Link>
      ))}
    </div>
  );
}
