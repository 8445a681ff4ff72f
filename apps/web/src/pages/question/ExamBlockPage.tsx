import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { ExamBlockView } from '../../features/question/ExamBlockView';

/** /book/exam/:examId/setting/block */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <ExamBlockView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
