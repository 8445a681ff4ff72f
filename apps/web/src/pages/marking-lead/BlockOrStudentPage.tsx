import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { BlockOrStudentView } from '../../features/marking-lead/BlockOrStudentView';

/** /book/subject/{subjectId}/overview/blockOrStudent */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <BlockOrStudentView {...b} />}</SubjectLoader>
  );
}
