import type { ScoreBlocker } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, List, Result } from 'antd';
import { Link } from 'react-router';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { checkQuery } from './score.queries';

/** Where each blocker is settled: the screen that exists for it today (null: no screen to link yet). */
function settleAt(kind: ScoreBlocker['kind'], subjectId: number, scanRead: boolean): string | null {
  if (kind === 'exceptions' && scanRead) return `/book/scan/scanException?subjectId=${subjectId}`;
  if (kind === 'missing' && scanRead) return `/book/missedExamDetail?subjectId=${subjectId}`;
  if (kind === 'overFull') return `/book/subject/${subjectId}/score/stuScore`;
  return null;
}

/** scoreCheck: what stops publishing, with counts and the screen that settles each. */
export function ScoreCheckView({ subject, permission }: SubjectBundle) {
  const subjectId = subject.subjectInfo.id;
  const q = useQuery(checkQuery(subjectId));
  if (q.isError)
    return <QueryFailed title="成绩核查加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Card loading={!q.data} data-testid="score-check">
      {q.data?.ok ? (
        <Result status="success" title="核查通过" subTitle="没有阻止发布成绩的问题。" />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title="以下问题处理完之前，成绩不能发布"
            style={{ marginBottom: 16 }}
          />
          <List<ScoreBlocker>
            dataSource={q.data?.blockers ?? []}
            renderItem={(b) => {
              const to = settleAt(b.kind, subjectId, permission.scanRead);
              return (
                <List.Item
                  data-testid={`blocker-${b.kind}`}
                  extra={
                    to && (
                      <Link to={to}>
                        <Button size="small">去处理</Button>
                      </Link>
                    )
                  }
                >
                  <List.Item.Meta title={`${b.label}：${b.count}`} description={b.hint} />
                </List.Item>
              );
            }}
          />
        </>
      )}
    </Card>
  );
}
