import { QuizCreateForm } from '../../features/quiz/QuizCreateForm';

/** /book/quiz/create: a new 课堂小测. */
export function Component() {
  return <QuizCreateForm />;
}
