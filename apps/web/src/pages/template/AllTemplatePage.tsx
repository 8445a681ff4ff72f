import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { AllTemplateView } from '../../features/template/AllTemplateView';

/** /book/exam/:examId/allTemplate */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <AllTemplateView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
