import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { IdentifyResultsView } from '../../features/scan/IdentifyResultsView';

/** /book/scan/identifyResults?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <IdentifyResultsView {...b} />}
    </SubjectLoader>
  );
}
