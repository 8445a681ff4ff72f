import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { ScoreCheckView } from '../../features/score/ScoreCheckView';

/** /book/subject/:subjectId/score/scoreCheck */
export function Component() {
  return <ScoreCheckView {...useOutletContext<SubjectBundle>()} />;
}
