import { Result } from 'antd';
import { ExamEditForm } from '../../features/exam-admin/ExamEditForm';
import { examCrumbs, ExamLoader } from '../../features/exam-admin/ExamLoader';
import { PageFrame } from '../../features/exam-admin/PageFrame';
import { useRouteId } from '../../features/exam-admin/route-id';

/** /book/exam/:examId/edit */
export function Component() {
  return (
    <ExamLoader examId={useRouteId('examId')}>
      {(exam) => (
        <PageFrame crumbs={examCrumbs(exam, '编辑考试')} title="编辑考试">
          {exam.can.manage ? (
            <ExamEditForm exam={exam} />
          ) : (
            <Result status="403" title="无权限" subTitle="只有考试管理员可以修改考试。" />
          )}
        </PageFrame>
      )}
    </ExamLoader>
  );
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
