import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { ScanUploadView } from '../../features/scan/ScanUploadView';
import { ScanAgentPanel } from '../../features/scan-agent/ScanAgentPanel';

/** /book/subject/:subjectId/answerCard */
export function Component() {
  return (
    <SubjectLoader
      subjectId={useRouteId('subjectId')}
      need={{ flag: 'scanRead', refused: '没有查看本科目扫描与识别的权限' }}
    >
      {(b) => (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <ScanUploadView {...b} />
          {b.permission.scan && <ScanAgentPanel examId={b.exam.id} subjectId={b.subject.subjectInfo.id} />}
        </div>
      )}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
