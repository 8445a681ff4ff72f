import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { UploadOriginView } from '../../features/scan/UploadOriginView';

/** /book/uploadorigin?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <UploadOriginView {...b} />}
    </SubjectLoader>
  );
}
