import type { TrialMarkerDeviation } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { Deviation } from './Deviation';
import { trialLeadQuery } from './trial.api';
import { StandardCard } from './StandardCard';
import { TrialPaperCard } from './TrialPaperCard';

/** subject/{subjectId}/trial/block/{blockId}: the leader compares every marker's trial marks with the reference. */
export function TrialLeadView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const { subject, exam, permission } = bundle;
  const s = subject.subjectInfo;
  const q = useQuery(trialLeadQuery(blockId));
  const crumbs = subjectCrumbs(
    exam,
    s,
    permission.editSetting ? { title: '试评', to: `/book/subject/${s.id}/trial` } : { title: '试评' },
    { title: q.data?.blockName ?? '题块' },
  );
  const title = `试评结果 · ${q.data?.blockName ?? ''}`;
  if (q.isError && !q.data)
    return (
      <PageFrame crumbs={crumbs} title="试评结果">
        <QueryFailed title="试评结果加载失败" error={q.error} onRetry={() => void q.refetch()} />
      </PageFrame>
    );
  if (!q.data)
    return (
      <PageFrame crumbs={crumbs} title="试评结果">
        <Skeleton active />
      </PageFrame>
    );
  const v = q.data;
  return (
    <PageFrame crumbs={crumbs} title={title} testId="trial-lead">
      <Card title="各位老师的偏差（给分 − 参考分）">
        <Table<TrialMarkerDeviation>
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={v.markers}
          locale={{ emptyText: '本题块还没有阅卷老师' }}
          data-testid="trial-markers"
          columns={[
            { title: '阅卷老师', dataIndex: 'markerName' },
            { title: '已试评', dataIndex: 'marked', render: (n: number) => `${n} 份` },
            { title: '有参考分', dataIndex: 'compared', render: (n: number) => `${n} 份` },
            {
              title: '平均偏差',
              dataIndex: 'meanDeviation',
              // a marker who marked no trial paper has no deviation: say so, not that a reference is missing
              render: (d: number | null, m) =>
                m.marked === 0 ? (
                  <Typography.Text type="secondary">该老师未试评</Typography.Text>
                ) : (
                  <Deviation value={d} digits={2} />
                ),
            },
            {
              title: '平均绝对偏差',
              dataIndex: 'meanAbsDeviation',
              render: (d: number | null) => (d === null ? '—' : d.toFixed(2)),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          平均偏差大于 0 表示该老师给分偏高，小于 0 表示偏低；满分 {v.fullScore} 分。
        </Typography.Paragraph>
      </Card>
      <StandardCard
        blockId={blockId}
        every={v.standardEvery}
        standards={v.standardCount}
        editable={v.canEdit}
      />
      {!v.papers.length && (
        <Card>
          <Empty description="本题块没有试评试卷" />
        </Card>
      )}
      <Flex vertical gap={12}>
        {v.papers.map((p) => (
          <TrialPaperCard
            key={p.trialPaperId}
            blockId={blockId}
            questions={v.questions}
            paper={p}
            editable={v.canEdit}
          />
        ))}
      </Flex>
    </PageFrame>
  );
}
