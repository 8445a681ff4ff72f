import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { AllScoreView } from '../../features/export/AllScoreView';

/** /book/exam/:examId/all_score */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <AllScoreView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
