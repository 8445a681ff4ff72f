import { OnlineExamView } from '../../features/online/OnlineExamView';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/setting/online */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <OnlineExamView {...b} />}</SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
