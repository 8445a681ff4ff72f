import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { KaohaoMoveView } from '../../features/score/KaohaoMoveView';

/** /book/subject/:subjectId/score/adjust/kaohao */
export function Component() {
  return <KaohaoMoveView {...useOutletContext<SubjectBundle>()} />;
}
