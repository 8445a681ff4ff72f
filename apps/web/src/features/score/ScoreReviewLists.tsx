import {
  SCORE_REVIEW_LABELS,
  SCORE_REVIEW_SHOWN,
  type ScoreReviewItem,
  type ScoreReviewList,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Collapse, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { reviewQuery } from './score.queries';

/**
 * 发布前核对 (issue 31): what schools look over before publishing — 0 分 and 满分, 客观题全空, 缺考 with a sheet,
 * totals that are not the sum of their questions — each examinee linked to their sheet. Nothing here stops
 * publishing; the blockers above do.
 */
export function ScoreReviewLists({ subjectId, sheets }: { subjectId: number; sheets: boolean }) {
  const q = useQuery(reviewQuery(subjectId));
  if (q.isError && !q.data)
    return <QueryFailed title="发布前核对加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const sheet = (x: ScoreReviewItem) =>
    sheets && x.paperId !== null ? (
      <Link to={`/book/view/student/paper?subjectId=${subjectId}&examineeId=${x.examineeId}`}>
        查看答题卡
      </Link>
    ) : (
      <Typography.Text type="secondary">{x.paperId === null ? '无答题卡' : '—'}</Typography.Text>
    );
  const panel = (l: ScoreReviewList) => ({
    key: l.kind,
    label: (
      <span data-testid={`review-${l.kind}`}>
        {SCORE_REVIEW_LABELS[l.kind].label}{' '}
        <Badge count={l.count} showZero color={l.count ? '#faad14' : '#d9d9d9'} overflowCount={9999} />
      </span>
    ),
    collapsible: l.count ? undefined : ('disabled' as const),
    children: (
      <>
        <Typography.Paragraph type="secondary">
          {SCORE_REVIEW_LABELS[l.kind].hint}
          {l.count > SCORE_REVIEW_SHOWN && ` 下表列出按考号排在前面的 ${SCORE_REVIEW_SHOWN} 名。`}
        </Typography.Paragraph>
        <Table<ScoreReviewItem>
          size="small"
          rowKey="examineeId"
          dataSource={l.items}
          pagination={l.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          data-testid={`review-table-${l.kind}`}
          columns={[
            { title: '考号', dataIndex: 'kaohao', width: 140 },
            { title: '姓名', dataIndex: 'name', width: 120 },
            { title: '班级', dataIndex: 'className', render: (v: string | null) => v ?? '—' },
            { title: '总分', dataIndex: 'total', width: 90, render: (v: number | null) => v ?? '—' },
            { title: '答题卡', key: 'sheet', width: 120, render: (_, x) => sheet(x) },
          ]}
        />
      </>
    ),
  });
  return (
    <Card title="发布前核对" loading={!q.data} data-testid="score-review" style={{ marginTop: 16 }}>
      <Collapse items={(q.data ?? []).map(panel)} />
    </Card>
  );
}
