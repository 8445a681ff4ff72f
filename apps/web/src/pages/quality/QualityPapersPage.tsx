import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { QualityPapersView } from '../../features/quality/QualityPapersView';

/** /book/qualityMonitorStudent?subjectId=&blockId= */
export function Component() {
  const [params] = useSearchParams();
  const blockId = parseId(params.get('blockId') ?? undefined);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从质量监控重新进入。" />;
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <QualityPapersView {...b} blockId={blockId} />}
    </SubjectLoader>
  );
}
