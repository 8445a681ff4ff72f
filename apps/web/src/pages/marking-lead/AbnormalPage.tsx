import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { AbnormalView } from '../../features/marking-lead/AbnormalView';

/** /book/abnormal?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <AbnormalView {...b} />}
    </SubjectLoader>
  );
}
