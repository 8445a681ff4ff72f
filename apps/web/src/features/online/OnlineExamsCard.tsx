import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import { Link } from 'react-router';
import { onlineApi } from './online.api';

const STATE = {
  notStarted: { color: 'blue', text: '未开始' },
  inProgress: { color: 'orange', text: '作答中' },
  submitted: { color: 'green', text: '已交卷' },
} as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    hour12: false,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** 学生端's 在线考试 list (issue 34): the launched online exams of the student's exams, the open ones to enter. */
export function OnlineExamsCard() {
  const q = useQuery({
    queryKey: ['online', 'list'],
    queryFn: onlineApi.list,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (!q.data?.length) return null;
  return (
    <Card size="small" title="在线考试" data-testid="online-exams">
      <div style={{ display: 'grid', gap: 8 }}>
        {q.data.map((e) => {
          const s = STATE[e.state];
          const body = (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ fontWeight: 600 }}>
                  {e.examName} · {e.subjectName}
                  {e.makeup && (
                    <Tag color="purple" style={{ marginLeft: 6 }}>
                      补考
                    </Tag>
                  )}
                </div>
                <div style={{ color: '#86909c', fontSize: 13 }}>
                  {when(e.startsAt)} – {when(e.endsAt)} · {e.durationMin} 分钟
                </div>
              </div>
              <Tag color={s.color}>{e.open || e.state !== 'notStarted' ? s.text : '未到时间或已结束'}</Tag>
            </div>
          );
          return e.open || e.state === 'submitted' ? (
            <Link key={e.subjectId} to={`/portal/online/${e.subjectId}`}>
              {body}
            </Link>
          ) : (
            <div key={e.subjectId}>{body}</div>
          );
        })}
      </div>
    </Card>
  );
}
