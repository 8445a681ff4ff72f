import { Card, Result } from 'antd';
import { PageFrame, type Crumb } from './PageFrame';

/** A screen opened without its capability (a link kept, an address typed): what is missing, in its frame. */
export function NoAccess({
  crumbs,
  title,
  testId,
  missing,
}: {
  crumbs: Crumb[];
  title: string;
  testId: string;
  /** 没有…的权限 */
  missing: string;
}) {
  return (
    <PageFrame crumbs={crumbs} title={title} testId={testId}>
      <Card>
        <Result status="403" title={missing} data-testid="no-access" />
      </Card>
    </PageFrame>
  );
}
