import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { ScanExceptionView } from '../../features/scan/ScanExceptionView';

/** /book/scan/scanException?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader
      subjectId={parseId(params.get('subjectId') ?? undefined)}
      need={{ flag: 'scanRead', refused: '没有查看本科目识别异常的权限' }}
    >
      {(b) => <ScanExceptionView {...b} />}
    </SubjectLoader>
  );
}
