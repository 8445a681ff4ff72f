import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { UploadOriginView } from '../../features/scan/UploadOriginView';

/** /book/uploadorigin?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader
      subjectId={parseId(params.get('subjectId') ?? undefined)}
      need={{ flag: 'scan', refused: '没有上传本科目答题卡的权限' }}
    >
      {(b) => <UploadOriginView {...b} />}
    </SubjectLoader>
  );
}
