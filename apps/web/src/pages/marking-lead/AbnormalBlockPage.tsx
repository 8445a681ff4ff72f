import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { AbnormalBlockView } from '../../features/marking-lead/AbnormalBlockView';

/** /book/review/abnormal/blockview?subjectId=&blockId= */
export function Component() {
  const [params] = useSearchParams();
  const blockId = parseId(params.get('blockId') ?? undefined);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从问题卷列表重新进入。" />;
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <AbnormalBlockView key={blockId} {...b} blockId={blockId} />}
    </SubjectLoader>
  );
}
