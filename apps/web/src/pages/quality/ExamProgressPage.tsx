import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { ExamProgressView } from '../../features/quality/ExamProgressView';

/** /book/exam/{examId}/all_review_progress_all */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <ExamProgressView exam={exam} />}</ExamLoader>;
}
