import { useCurrentUser } from '../../features/auth/current-user-context';
import { QuizListView } from '../../features/quiz/QuizListView';

/** /book/quiz: the teacher's 课堂小测. */
export function Component() {
  return <QuizListView user={useCurrentUser()} />;
}
