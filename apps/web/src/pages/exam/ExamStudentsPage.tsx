import { examCrumbs, ExamLoader } from '../../features/exam-admin/ExamLoader';
import { ExamineesPanel } from '../../features/exam-admin/examinees/ExamineesPanel';
import { PageFrame } from '../../features/exam-admin/PageFrame';
import { useRouteId } from '../../features/exam-admin/route-id';

/** /book/exam/:examId/studentManagement */
export function Component() {
  return (
    <ExamLoader examId={useRouteId('examId')}>
      {(exam) => (
        <PageFrame
          crumbs={examCrumbs(exam, '考生管理')}
          title={`${exam.name} · 考生管理`}
          testId="exam-students"
        >
          <ExamineesPanel exam={exam} />
        </PageFrame>
      )}
    </ExamLoader>
  );
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
