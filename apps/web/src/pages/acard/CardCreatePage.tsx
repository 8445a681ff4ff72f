import { CardDesigner } from '../../features/acard/CardDesigner';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/acard/template/create (?templateId= edits a saved card) */
export function Component() {
  return <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <CardDesigner {...b} />}</SubjectLoader>;
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
