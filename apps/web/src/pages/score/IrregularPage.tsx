import { useOutletContext } from 'react-router';
import type { SubjectBundle } from '../../features/exam-admin/SubjectLoader';
import { IrregularView } from '../../features/score/IrregularView';

/** /book/subject/:subjectId/score/irregular */
export function Component() {
  return <IrregularView {...useOutletContext<SubjectBundle>()} />;
}
