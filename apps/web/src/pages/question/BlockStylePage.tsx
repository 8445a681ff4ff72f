import { BlockStyleView } from '../../features/question/BlockStyleView';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/setting/block/style */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <BlockStyleView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
