import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TrialManageView } from '../../features/trial/TrialManageView';

/** /book/subject/{subjectId}/trial */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <TrialManageView bundle={b} />}</SubjectLoader>
  );
}
