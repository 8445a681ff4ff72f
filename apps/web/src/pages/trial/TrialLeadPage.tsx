import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TrialLeadView } from '../../features/trial/TrialLeadView';

/** /book/subject/{subjectId}/trial/block/{blockId} */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const blockId = parseId(useParams().blockId);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从阅卷任务重新进入。" />;
  return (
    <SubjectLoader subjectId={subjectId}>
      {(b) => <TrialLeadView bundle={b} blockId={blockId} />}
    </SubjectLoader>
  );
}
