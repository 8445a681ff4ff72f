import { Result } from 'antd';
import { useRouteId } from '../../features/exam-admin/route-id';
import { PhoneCaptureView } from '../../features/quiz/PhoneCaptureView';

export { loader } from '../../app/shell/route';

/** /phone/quiz/:examId: a quiz's sheets photographed with the teacher's phone (outside the desktop shell). */
export function Component() {
  const examId = useRouteId('examId');
  return examId ? <PhoneCaptureView examId={examId} /> : <Result status="404" title="小测不存在" />;
}
