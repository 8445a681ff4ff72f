import { Button, Result } from 'antd';

/** The marking screens' task list that could not load, with a retry. */
export function TasksFailed({ onRetry }: { onRetry: () => void }) {
  return <Result status="warning" title="阅卷任务加载失败" extra={<Button onClick={onRetry}>重试</Button>} />;
}
