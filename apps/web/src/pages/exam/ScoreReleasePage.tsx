import { ExamLoader } from '../../features/exam-admin/ExamLoader';
import { useRouteId } from '../../features/exam-admin/route-id';
import { ScoreReleaseView } from '../../features/score/ScoreReleaseView';

/** /book/exam/:examId/scoreRelease: batch release of the exam's subjects */
export function Component() {
  return <ExamLoader examId={useRouteId('examId')}>{(exam) => <ScoreReleaseView exam={exam} />}</ExamLoader>;
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
