import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { ScoreSummaryView } from '../../features/score/ScoreSummaryView';

/** /book/subject/:subjectId/score and …/score/summary */
export function Component() {
  return <ScoreSummaryView {...useOutletContext<SubjectBundle>()} />;
}
