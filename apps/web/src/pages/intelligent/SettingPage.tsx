import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { IntelligentSettingView } from '../../features/intelligent/IntelligentSettingView';

/** /book/subject/{subjectId}/setting/intelligent */
export function Component() {
  const subjectId = useRouteId('subjectId');
  return <SubjectLoader subjectId={subjectId}>{(b) => <IntelligentSettingView bundle={b} />}</SubjectLoader>;
}
