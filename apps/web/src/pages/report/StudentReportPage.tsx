import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { StudentReport } from '../../features/report/StudentReport';

/** /book/report_forms/:examId/student/:examineeId — opened from 学生成绩, printable. */
export function Component() {
  const p = useParams();
  const examId = parseId(p.examId);
  const examineeId = parseId(p.examineeId);
  if (!examId || !examineeId)
    return <Result status="404" title="地址无效" subTitle="请从成绩报表的学生成绩进入学生报告" />;
  return <StudentReport examId={examId} examineeId={examineeId} />;
}
