import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { QuizPageView } from '../../features/quiz/QuizPageView';

/** /book/quiz/:examId: one 课堂小测. */
export function Component() {
  const examId = useRouteId('examId');
  return examId ? <QuizPageView examId={examId} /> : <Result status="404" title="小测不存在" />;
}
