import { ExamDetailView } from '../../features/exam-admin/ExamDetailView';
import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';

/** /book/exam/:examId */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <ExamDetailView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
