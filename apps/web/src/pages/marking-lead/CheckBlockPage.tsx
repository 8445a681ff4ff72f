import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { BlockPapersView } from '../../features/marking-lead/BlockPapersView';

/** /book/subject/{subjectId}/overview/check/block/{blockId} */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const blockId = parseId(useParams().blockId);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从阅卷总览重新进入。" />;
  return (
    <SubjectLoader subjectId={subjectId}>
      {(b) => <BlockPapersView key={blockId} {...b} blockId={blockId} />}
    </SubjectLoader>
  );
}
