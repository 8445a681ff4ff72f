import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { SpotCheckView } from '../../features/quality-test/SpotCheckView';

/** /book/subject/:subjectId/overview/check/block/:blockId — the leaders' 抽查 of a block */
export function Component() {
  const { subjectId, blockId } = useParams();
  const block = parseId(blockId);
  if (block === null) return <Result status="404" title="题块地址不正确" subTitle="请从质检进度重新进入。" />;
  return (
    <SubjectLoader subjectId={parseId(subjectId)}>
      {(b) => <SpotCheckView key={block} {...b} blockId={block} />}
    </SubjectLoader>
  );
}
