import { QuestionSettingView } from '../../features/question/QuestionSettingView';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/setting/question */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <QuestionSettingView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
