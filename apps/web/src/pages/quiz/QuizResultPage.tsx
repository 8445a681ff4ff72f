import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { QuizResultView } from '../../features/quiz/QuizResultView';

/** /book/quiz/:examId/result: a quiz's class result. */
export function Component() {
  const examId = useRouteId('examId');
  return examId ? <QuizResultView examId={examId} /> : <Result status="404" title="小测不存在" />;
}
