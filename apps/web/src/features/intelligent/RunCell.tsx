import type { IntelligentRunView } from '@yj/contracts';
import { Progress, Space, Tag, Typography } from 'antd';

const STATUS: Record<IntelligentRunView['status'], { label: string; color: string }> = {
  queued: { label: '排队中', color: 'default' },
  running: { label: '检测中', color: 'processing' },
  done: { label: '已完成', color: 'success' },
  failed: { label: '失败', color: 'error' },
};

/** The state of a block's latest detection run: progress while it runs, what it found when done. */
export function RunCell({ run, found }: { run: IntelligentRunView | null; found: (n: number) => string }) {
  if (!run) return <Typography.Text type="secondary">尚未检测</Typography.Text>;
  const s = STATUS[run.status];
  return (
    <Space orientation="vertical" size={2} data-testid={`run-${run.kind}`}>
      <Space size={4}>
        <Tag color={s.color}>{s.label}</Tag>
        {run.status === 'done' && <Typography.Text>{found(run.found)}</Typography.Text>}
      </Space>
      {(run.status === 'running' || run.status === 'queued') && (
        <Progress
          size="small"
          style={{ width: 160 }}
          percent={run.total ? Math.floor((run.done / run.total) * 100) : 0}
          format={() => `${run.done}/${run.total}`}
        />
      )}
      {run.status === 'failed' && <Typography.Text type="danger">{run.error ?? '检测失败'}</Typography.Text>}
    </Space>
  );
}

export const runActive = (r: IntelligentRunView | null) => r?.status === 'queued' || r?.status === 'running';
