import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { QualityBlockView } from '../../features/quality/QualityBlockView';

/** /book/qualityMonitorBlock?subjectId=&blockId= */
export function Component() {
  const [params] = useSearchParams();
  const blockId = parseId(params.get('blockId') ?? undefined);
  if (blockId === null)
    return <Result status="404" title="题块地址不正确" subTitle="请从阅卷进度重新进入。" />;
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <QualityBlockView {...b} blockId={blockId} />}
    </SubjectLoader>
  );
}
