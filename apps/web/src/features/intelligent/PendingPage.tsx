import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import type { ComponentProps } from 'react';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';

/** A 智能辅助 page before its data: the failure with 重试, or a skeleton while it loads. */
export function PendingPage({
  query,
  crumbs,
  title,
  failed,
}: {
  query: UseQueryResult<unknown>;
  crumbs: ComponentProps<typeof PageFrame>['crumbs'];
  title: string;
  /** what the failure says */
  failed: string;
}) {
  if (query.isError && !query.data)
    return (
      <PageFrame crumbs={crumbs} title={title}>
        <QueryFailed title={failed} error={query.error} onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}
