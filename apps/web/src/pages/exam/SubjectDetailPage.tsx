import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectDetailView } from '../../features/exam-admin/SubjectDetailView';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <SubjectDetailView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
