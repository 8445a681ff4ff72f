import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { QualityTestProgressView } from '../../features/quality-test/QualityTestProgressView';

/** /book/quality-test/progress2?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <QualityTestProgressView {...b} />}
    </SubjectLoader>
  );
}
