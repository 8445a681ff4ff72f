import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { BlankCheckView } from '../../features/intelligent/BlankCheckView';

/** /book/subject/{subjectId}/setting/intelligent/check?blockId= */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const blockId = parseId(useSearchParams()[0].get('blockId') ?? undefined);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从智能辅助重新进入。" />;
  return (
    <SubjectLoader subjectId={subjectId}>
      {(b) => <BlankCheckView bundle={b} blockId={blockId} />}
    </SubjectLoader>
  );
}
