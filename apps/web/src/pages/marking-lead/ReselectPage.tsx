import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { ReselectView } from '../../features/reselect/ReselectView';

/** /book/subject/{subjectId}/{step}/resetting/{reSelectFlag}: `{step}` the block, `{reSelectFlag}` 1 (重新选题) */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const { step, reSelectFlag } = useParams();
  const blockId = parseId(step);
  if (blockId === null || reSelectFlag !== '1')
    return <Result status="404" title="重新选题地址不正确" subTitle="请从题块管理页重新进入。" />;
  return (
    <SubjectLoader subjectId={subjectId}>
      {(b) => <ReselectView bundle={b} blockId={blockId} />}
    </SubjectLoader>
  );
}
