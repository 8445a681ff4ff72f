import { useParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { QualityTestSettingView } from '../../features/quality-test/QualityTestSettingView';

/** /book/subject/:subjectId/setting/qualitytest */
export function Component() {
  const { subjectId } = useParams();
  return (
    <SubjectLoader subjectId={parseId(subjectId)}>{(b) => <QualityTestSettingView {...b} />}</SubjectLoader>
  );
}
