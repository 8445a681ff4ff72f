import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { ScanExceptionView } from '../../features/scan/ScanExceptionView';

/** /book/scan/scanException?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <ScanExceptionView {...b} />}
    </SubjectLoader>
  );
}
