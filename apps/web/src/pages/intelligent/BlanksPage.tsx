import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { MarkerBlanksView } from '../../features/intelligent/MarkerBlanksView';

/** /book/subject/{subjectId}/setting/intelligent/intelligentReview/blank?blockId= */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const blockId = parseId(useSearchParams()[0].get('blockId') ?? undefined);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从阅卷任务重新进入。" />;
  return (
    <SubjectLoader subjectId={subjectId}>
      {(b) => <MarkerBlanksView bundle={b} blockId={blockId} />}
    </SubjectLoader>
  );
}
