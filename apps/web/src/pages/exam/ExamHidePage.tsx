import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { HideExamView } from '../../features/exam-admin/hide/HideExamView';
import { useRouteId } from '../../features/exam-admin/route-id';

/** /book/exam/:examId/hide: 隐藏考试. */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <HideExamView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
