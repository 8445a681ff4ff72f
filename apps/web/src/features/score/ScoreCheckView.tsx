import type { OperationPermission, ScoreBlocker } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, List, Result } from 'antd';
import { Link } from 'react-router';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { checkQuery } from './score.queries';
import { ScoreReviewLists } from './ScoreReviewLists';

/** Where each blocker is settled and what the link says (null: the user cannot reach that screen). */
function settleAt(
  kind: ScoreBlocker['kind'],
  subjectId: number,
  p: OperationPermission,
): { to: string; label: string } | null {
  const progress = `/book/review/progress/all?subjectId=${subjectId}`;
  const marking = p.lead || p.editSetting;
  switch (kind) {
    case 'unmarked':
      return marking ? { to: progress, label: '查看阅卷进度' } : null;
    case 'arbitration':
      return marking ? { to: progress, label: '去仲裁' } : null;
    case 'exceptions':
      return p.scanRead
        ? {
            to: `/book/scan/scanException?subjectId=${subjectId}`,
            label: p.scan ? '处理识别异常' : '查看识别异常',
          }
        : null;
    case 'missing':
      return p.scanRead
        ? { to: `/book/missedExamDetail?subjectId=${subjectId}`, label: p.scan ? '登记缺考' : '查看缺扫名单' }
        : null;
    case 'overFull':
      return p.studentScores
        ? { to: `/book/subject/${subjectId}/score/stuScore`, label: '核对并调整成绩' }
        : null;
    case 'noKey':
      return p.editSetting
        ? { to: `/book/subject/${subjectId}/setting/question?tab=answer`, label: '录入答案' }
        : null;
    case 'templateMismatch':
      return p.editSetting ? { to: `/book/subject/${subjectId}/template/home`, label: '查看模板问题' } : null;
    case 'structure':
      return p.editSetting
        ? { to: `/book/subject/${subjectId}/setting/question`, label: '核对题目分值' }
        : null;
  }
}

/** scoreCheck: what stops publishing, with counts and the screen that settles each. */
export function ScoreCheckView({ subject, permission }: SubjectBundle) {
  const subjectId = subject.subjectInfo.id;
  const q = useQuery(checkQuery(subjectId));
  if (q.isError && !q.data)
    return <QueryFailed title="成绩核查加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <>
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
                const to = settleAt(b.kind, subjectId, permission);
                return (
                  <List.Item
                    data-testid={`blocker-${b.kind}`}
                    extra={
                      to && (
                        <Link to={to.to} data-testid={`settle-${b.kind}`}>
                          <Button size="small">{to.label}</Button>
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
      {permission.scoreUnpublishedRead && (
        <ScoreReviewLists subjectId={subjectId} sheets={permission.scanRead} />
      )}
    </>
  );
}
