import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { failureText } from '../exam-admin/QueryFailed';

/** A portal screen that could not load (成绩尚未发布, 无权限 …): why, a retry and the way back to the list. */
export function PortalFailed({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title: string;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={failureText(error)}
      extra={[
        <Button key="retry" onClick={onRetry}>
          重新加载
        </Button>,
        <Link key="home" to="/portal">
          <Button type="primary">返回考试列表</Button>
        </Link>,
      ]}
    />
  );
}
