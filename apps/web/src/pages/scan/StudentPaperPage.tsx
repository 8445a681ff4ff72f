import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { StudentPaperView } from '../../features/scan/StudentPaperView';

/** /book/view/student/paper?subjectId=&examineeId= (and scan/view/student/paper) */
export function Component() {
  const [params] = useSearchParams();
  const examineeId = parseId(params.get('examineeId') ?? undefined);
  return (
    <SubjectLoader subjectId={parseId(params.get('subjectId') ?? undefined)}>
      {(b) => <StudentPaperView {...b} examineeId={examineeId} />}
    </SubjectLoader>
  );
}
