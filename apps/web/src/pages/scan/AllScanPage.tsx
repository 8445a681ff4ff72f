import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { AllScanView } from '../../features/scan/AllScanView';

/** /book/exam/:examId/allscan */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <AllScanView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
