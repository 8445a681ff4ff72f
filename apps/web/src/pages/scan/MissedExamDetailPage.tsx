import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { MissedExamView } from '../../features/scan/MissedExamView';

/** /book/missedExamDetail?subjectId= */
export function Component() {
  const [params] = useSearchParams();
  return (
    <SubjectLoader
      subjectId={parseId(params.get('subjectId') ?? undefined)}
      need={{ flag: 'scanRead', refused: '没有查看本科目缺扫名单的权限' }}
    >
      {(b) => <MissedExamView {...b} />}
    </SubjectLoader>
  );
}
