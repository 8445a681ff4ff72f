import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { BureauProgressView } from '../../features/bureau/BureauProgressView';

/** /book/bureau/exam/:examId/progress */
export function Component() {
  const examId = useRouteId('examId');
  if (examId === null) return <Result status="404" title="地址有误：没有这场联考" />;
  return <BureauProgressView key={examId} examId={examId} />;
}
