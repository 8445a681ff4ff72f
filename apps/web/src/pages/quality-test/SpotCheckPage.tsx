import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { SpotCheckView } from '../../features/quality-test/SpotCheckView';

/** /book/quality-test/spot?subjectId=&blockId= — the leaders' 抽查 of a block */
export function Component() {
  const [params] = useSearchParams();
  const block = parseId(params.get('blockId') ?? undefined);
  if (block === null) return <Result status="404" title="题块地址不正确" subTitle="请从质检进度重新进入。" />;
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <SpotCheckView key={block} {...b} blockId={block} />}
    </SubjectLoader>
  );
}
