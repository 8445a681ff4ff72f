import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { QualityTestReportView } from '../../features/quality-test/QualityTestReportView';

/** /book/quality-test/report?subjectId=&blockId= (the subject's first block without blockId) */
export function Component() {
  const [params] = useSearchParams();
  const blockId = parseId(params.get('blockId') ?? undefined);
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <QualityTestReportView key={blockId ?? 0} {...b} blockId={blockId} />}
    </SubjectLoader>
  );
}
