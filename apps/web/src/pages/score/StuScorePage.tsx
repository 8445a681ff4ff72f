import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { StuScoreView } from '../../features/score/StuScoreView';

/** /book/subject/:subjectId/score/stuScore */
export function Component() {
  return <StuScoreView {...useOutletContext<SubjectBundle>()} />;
}
