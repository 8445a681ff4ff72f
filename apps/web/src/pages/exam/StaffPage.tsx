import { Result } from 'antd';
import { examCrumbs, ExamLoader } from '../../features/exam-admin/ExamLoader';
import { PageFrame } from '../../features/exam-admin/PageFrame';
import { useRouteId } from '../../features/exam-admin/route-id';
import { StaffPanel } from '../../features/exam-admin/staff/StaffPanel';

/** /book/staffInformation/:examId: roles per subject and school. */
export function Component() {
  return (
    <ExamLoader examId={useRouteId('examId')}>
      {(exam) => (
        <PageFrame
          crumbs={examCrumbs(exam, '人员分工')}
          title={`${exam.name} · 人员分工`}
          testId="exam-staff"
        >
          {exam.can.manage ? (
            <StaffPanel exam={exam} />
          ) : (
            <Result status="403" title="无权限" subTitle="只有考试管理员可以查看和调整人员分工。" />
          )}
        </PageFrame>
      )}
    </ExamLoader>
  );
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
