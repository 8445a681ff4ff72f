import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { BlockBundle } from '../exam-admin/SubjectLoader';
import { infoQuery } from './lead.queries';
import { OverviewNav } from './OverviewNav';
import { ProblemsTab } from './ProblemsTab';

/** review/abnormal/blockview?subjectId=&blockId=: one block's 问题卷, waiting and settled, with their outcome. */
export function AbnormalBlockView({ subject, exam, permission, blockId }: BlockBundle) {
  const s = subject.subjectInfo;
  const info = useQuery(infoQuery(blockId));
  const crumbs = subjectCrumbs(
    exam,
    s,
    { title: '问题卷', to: `/book/abnormal?subjectId=${s.id}` },
    { title: info.data?.blockName ?? '题块' },
  );
  return (
    <PageFrame
      crumbs={crumbs}
      title={`${s.name} · ${info.data?.blockName ?? ''} · 问题卷`}
      testId="abnormal-block"
      extra={<OverviewNav subjectId={s.id} here="other" />}
    >
      {info.isError ? (
        <QueryFailed title="题块加载失败" error={info.error} onRetry={() => void info.refetch()} />
      ) : !info.data ? (
        <Skeleton active />
      ) : info.data.subjectId !== s.id ? (
        <Result status="404" title="题块不属于这个科目" />
      ) : (
        <Card>
          <ProblemsTab info={info.data} canAct={permission.lead} />
        </Card>
      )}
    </PageFrame>
  );
}
