import { Button, Result } from 'antd';
import { isRecord } from '../../../api/errors';

/** The server's own Chinese reason when there is one (无权限, 学校不存在 …). */
function reasonOf(error: unknown): string | null {
  const env = isRecord(error) && isRecord(error.data) && !('message' in error) ? error.data : error;
  if (isRecord(env) && typeof env.message === 'string' && /[\u4e00-\u9fa5]/.test(env.message))
    return env.message;
  return null;
}

/** A list that failed to load: what happened and a way to try again. */
export function PanelError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const reason = reasonOf(error);
  return (
    <Result
      status="warning"
      title={`${what}加载失败`}
      subTitle={
        reason ? `${reason}。如需帮助，请联系系统管理员。` : '可能是网络不稳定或服务器繁忙，请稍后重试。'
      }
      extra={<Button onClick={onRetry}>重新加载</Button>}
    />
  );
}
