import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { AdjustmentsView } from '../../features/score/AdjustmentsView';

/** /book/subject/:subjectId/score/adjust/checkdetail */
export function Component() {
  return <AdjustmentsView {...useOutletContext<SubjectBundle>()} />;
}
