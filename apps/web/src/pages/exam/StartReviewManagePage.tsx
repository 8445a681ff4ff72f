import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { StartReviewManageView } from '../../features/review-lifecycle/StartReviewManageView';

/** /book/exam/:examId/startReviewManage */
export function Component() {
  return (
    <ExamLoader examId={useRouteId('examId')}>{(exam) => <StartReviewManageView exam={exam} />}</ExamLoader>
  );
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
