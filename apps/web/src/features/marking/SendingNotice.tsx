import { Alert, Flex } from 'antd';
import type { SessionView } from './mark-session';

/** 正在重试 while a submit waits for the network; a refused submit stays until the marker has read it. */
export function SendingNotice({
  view,
  onDismiss,
}: {
  view: SessionView;
  onDismiss: (taskId: number) => void;
}) {
  const retrying = view.sending.filter((o) => o.attempt > 0);
  return (
    <Flex vertical gap={4}>
      {retrying.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="retrying"
          message={`正在重试：${retrying.length} 份试卷的分数尚未送达（第 ${Math.max(...retrying.map((o) => o.attempt))} 次重试），请勿关闭页面`}
        />
      )}
      {view.failures.map((f) => (
        <Alert
          key={f.taskId}
          type="error"
          showIcon
          closable
          onClose={() => onDismiss(f.taskId)}
          message={`一份试卷（给分 ${f.total} 分）未能提交：${f.message}`}
          description="这次给分没有被记录；请把情况告诉题组长。"
        />
      ))}
    </Flex>
  );
}
