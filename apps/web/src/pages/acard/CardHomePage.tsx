import { CardHomeView } from '../../features/acard/CardHomeView';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/acard/template/home */
export function Component() {
  return <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <CardHomeView {...b} />}</SubjectLoader>;
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
