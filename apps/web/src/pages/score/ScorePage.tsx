import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { ScoreFrame } from '../../features/score/ScoreFrame';

/** /book/subject/:subjectId/score (the tabs; the child route is the screen) */
export function Component() {
  return <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <ScoreFrame {...b} />}</SubjectLoader>;
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
