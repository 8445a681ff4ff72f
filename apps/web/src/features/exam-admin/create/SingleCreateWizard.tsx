import type { UserProfile } from '@yj/contracts';
import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { ExamLoader } from '../ExamLoader';
import { parseId } from '../route-id';
import { ContinueSteps } from './ContinueSteps';
import { CreateBasics } from './CreateBasics';

/**
 * singleCreateExam: steps 1–2 create the exam; its id then goes into the address (?examId=) so a
 * reload, or 继续设置 from the exam screen, resumes at the step the server kept.
 */
export function SingleCreateWizard({ user }: { user: UserProfile }) {
  const [params, setParams] = useSearchParams();
  const examId = parseId(params.get('examId') ?? undefined);
  if (examId !== null)
    return <ExamLoader examId={examId}>{(exam) => <ContinueSteps exam={exam} />}</ExamLoader>;
  if (!user.isSchoolAdmin || user.schoolId === null) {
    return (
      <Result
        status="403"
        title="无法创建校内考试"
        subTitle="校内考试由本校的学校管理员创建。如需创建，请联系学校管理员。"
      />
    );
  }
  return (
    <CreateBasics
      schoolId={user.schoolId}
      onCreated={(id) => setParams({ examId: String(id) }, { replace: true })}
    />
  );
}
