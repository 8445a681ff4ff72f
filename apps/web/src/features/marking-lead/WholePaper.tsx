import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Image, Result, Skeleton, Typography } from 'antd';
import { failureText } from '../exam-admin/QueryFailed';
import { problemOriginQuery } from './lead.queries';

/**
 * 查看整卷 (issue 31): the whole paper of a 问题卷, every page, shown beside it so the leader reads the rest of
 * the student's answers (a question continued elsewhere, a page scanned crooked) before deciding.
 */
export function WholePaper({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const q = useQuery(problemOriginQuery(taskId));
  const pages = q.data?.pages ?? [];
  const close = (
    <Button size="small" onClick={onClose} data-testid="whole-paper-close">
      收起整卷
    </Button>
  );
  return (
    <Card size="small" title="整卷" extra={close} data-testid="whole-paper">
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : q.isError && !q.data ? (
        <Result
          status="warning"
          title={`整卷加载失败：${failureText(q.error)}`}
          extra={<Button onClick={() => void q.refetch()}>重试</Button>}
        />
      ) : pages.length ? (
        <Flex vertical gap={8} style={{ maxHeight: '78vh', overflowY: 'auto' }}>
          <Typography.Text type="secondary">
            考生姓名、考号和条形码区域已遮挡；点击图像可放大。
          </Typography.Text>
          {pages.map((p) => (
            <Image
              key={p.page}
              src={p.imageUrl}
              alt={`整卷第 ${p.page + 1} 页`}
              data-testid="whole-paper-page"
              style={{ width: '100%', border: '1px solid #f0f0f0' }}
            />
          ))}
        </Flex>
      ) : (
        <Empty description="这份试卷没有可显示的整卷图像" />
      )}
    </Card>
  );
}
