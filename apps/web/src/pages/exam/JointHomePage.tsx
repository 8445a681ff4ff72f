import { useCurrentUser } from '../../features/auth/current-user-context';
import { ExamListView } from '../../features/exam-admin/ExamListView';

/** /book/jointExam/home: joint exams the user's school takes part in. */
export function Component() {
  return <ExamListView user={useCurrentUser()} joint />;
}
