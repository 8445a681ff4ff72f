import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { SchoolCompareView } from '../../features/bureau/SchoolCompareView';

/** /book/bureau/exam/:examId/compare: a 联考's schools compared (the bureau, and each school for itself) */
export function Component() {
  const examId = useRouteId('examId');
  if (examId === null) return <Result status="404" title="地址有误：没有这场联考" />;
  return <SchoolCompareView key={examId} examId={examId} />;
}
