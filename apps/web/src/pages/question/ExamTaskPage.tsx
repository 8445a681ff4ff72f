import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { ExamTaskView } from '../../features/reviewer/ExamTaskView';

/** /book/exam/:examId/all_setting_task */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <ExamTaskView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
