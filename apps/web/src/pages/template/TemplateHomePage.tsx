import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TemplateHomeView } from '../../features/template/TemplateHomeView';

/** /book/subject/:subjectId/template/home */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <TemplateHomeView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
