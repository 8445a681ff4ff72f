import { Result } from 'antd';
import { DynamicLogPanel } from '../../features/exam-admin/DynamicLogPanel';
import { examCrumbs, ExamLoader } from '../../features/exam-admin/ExamLoader';
import { PageFrame } from '../../features/exam-admin/PageFrame';
import { useRouteId } from '../../features/exam-admin/route-id';

/** /book/exam/:examId/dynamicLog: every change to the exam, with who, when, before and after. */
export function Component() {
  return (
    <ExamLoader examId={useRouteId('examId')}>
      {(exam) => (
        <PageFrame crumbs={examCrumbs(exam, '动态日志')} title={`${exam.name} · 动态日志`} testId="exam-log">
          {exam.can.manage ? (
            <DynamicLogPanel exam={exam} />
          ) : (
            <Result status="403" title="无权限" subTitle="只有考试管理员可以查看动态日志。" />
          )}
        </PageFrame>
      )}
    </ExamLoader>
  );
}

export { preloadExam as loader } from '../../features/exam-admin/preload';
