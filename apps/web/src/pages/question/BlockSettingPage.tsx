import { BlockSettingView } from '../../features/question/BlockSettingView';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/setting/block */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <BlockSettingView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
