import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { ReportView } from '../../features/report/ReportView';

/** /book/report_forms/:examId */
export function Component() {
  const examId = useRouteId('examId');
  if (!examId) return <Result status="404" title="地址无效" subTitle="请从考试详情进入成绩报表" />;
  return <ReportView examId={examId} />;
}
