import { useSearchParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { StuPaperView } from '../../features/marking-lead/StuPaperView';

/** /book/subject/{subjectId}/overview/check/checkStuPaper?paperId= */
export function Component() {
  const subjectId = useRouteId('subjectId');
  const paperId = parseId(useSearchParams()[0].get('paperId') ?? undefined);
  return (
    <SubjectLoader subjectId={subjectId}>{(b) => <StuPaperView {...b} paperId={paperId} />}</SubjectLoader>
  );
}
