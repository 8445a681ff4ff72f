import { useCurrentUser } from '../../features/auth/current-user-context';
import { SingleCreateWizard } from '../../features/exam-admin/create/SingleCreateWizard';

/** /book/singleCreateExam(?examId=): the four-step creation of a single-school exam. */
export function Component() {
  return <SingleCreateWizard user={useCurrentUser()} />;
}
