import { allows } from '@yj/contracts';
import { examCrumbs } from '../../features/exam-admin/ExamLoader';
import { ExamineesPanel } from '../../features/exam-admin/examinees/ExamineesPanel';
import { PageFrame } from '../../features/exam-admin/PageFrame';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/studentManagement: the exam's examinees with 缺考 of this subject. */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>
      {({ subject, permission, exam }) => (
        <PageFrame
          crumbs={examCrumbs(exam, `${subject.subjectInfo.name} · 考生`)}
          title={`${exam.name} · ${subject.subjectInfo.name}考生`}
          testId="subject-students"
        >
          <ExamineesPanel
            exam={exam}
            subject={{
              id: subject.subjectInfo.id,
              name: subject.subjectInfo.name,
              // 缺考 moves the figures: not on a published subject (取消发布 first)
              canMarkAbsent: permission.scan && allows(subject.subjectInfo.status, 'registerAbsence'),
            }}
          />
        </PageFrame>
      )}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
