import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import {
  PermissionExamChooser,
  PermissionSettingView,
} from '../../features/exam-admin/permission/PermissionSettingView';
import { parseId } from '../../features/exam-admin/route-id';

/** /book/exam/permission/setting?examId=: roles, people and what each role may do. */
export function Component() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const raw = params.get('examId');
  const examId = parseId(raw ?? undefined);
  const pick = (id: number) => setParams({ examId: String(id) });
  if (raw === null) return <PermissionExamChooser user={user} onPick={pick} />;
  return (
    <ExamLoader examId={examId}>{(exam) => <PermissionSettingView exam={exam} onPick={pick} />}</ExamLoader>
  );
}

export { preloadExamFromQuery as loader } from '../../features/exam-admin/preload';
