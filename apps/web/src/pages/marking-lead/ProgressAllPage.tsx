import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { SubjectProgressView } from '../../features/marking-lead/SubjectProgressView';

/** /book/review/progress/all?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <SubjectProgressView {...b} />}
    </SubjectLoader>
  );
}
