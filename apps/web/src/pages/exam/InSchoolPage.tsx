import { useCurrentUser } from '../../features/auth/current-user-context';
import { ExamListView } from '../../features/exam-admin/ExamListView';

/** /book/inSchool: the school's own exams. */
export function Component() {
  return <ExamListView user={useCurrentUser()} joint={false} />;
}
