import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../api/classify-error';
import { isRecord } from '../../api/errors';

/** The server's reason for a failed load (无权限, 考试不存在…), in its own words. */
export function failureText(error: unknown): string {
  if (!isRecord(error)) return '加载失败，请稍后重试';
  const env = isRecord(error.data) && !('message' in error) ? error.data : error;
  return errorText(env);
}

interface Props {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** the way back, offered first (the portal's list); else 返回首页, after 重新加载 */
  back?: { to: string; label: string };
}

/** A whole screen that could not load: why, and the ways on. */
export function QueryFailed({ error, onRetry, title = '页面加载失败', back }: Props) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={failureText(error)}
      extra={[
        <Button key="retry" type={back ? 'default' : 'primary'} onClick={onRetry}>
          重新加载
        </Button>,
        <Link key="home" to={back?.to ?? '/book/home'}>
          <Button type={back ? 'primary' : 'default'}>{back?.label ?? '返回首页'}</Button>
        </Link>,
      ]}
    />
  );
}
