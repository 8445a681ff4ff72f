import { MULTI_MARK_MAX } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, Flex, Menu, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { classifyError } from '../../api/classify-error';
import { parseId } from '../exam-admin/route-id';
import { blockInfoQuery, reviewTasksQuery } from './marking.queries';
import { MarkingView } from './MarkingView';
import { markableBlocks } from './review-groups';
import { TasksFailed } from './TasksFailed';

/** The counts beside the blocks move while this marker and the others mark. */
const COUNTS_MS = 15_000;

function BlockScreen({
  blockId,
  display,
  onDisplay,
}: {
  blockId: number;
  display: number;
  onDisplay: (n: number) => void;
}) {
  const info = useQuery(blockInfoQuery(blockId));
  if (info.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (info.isError && !info.data) {
    const c = classifyError(info.error);
    return <Result status="warning" title={c.kind === 'alert' ? c.text : '题块信息加载失败'} />;
  }
  // one sitting per block and display count: switching gives the claimed papers back (useMarkSession)
  return (
    <MarkingView
      key={`${blockId}-${display}`}
      info={info.data}
      type="normal"
      display={display}
      onDisplay={onDisplay}
    />
  );
}

/**
 * /book/multi: a marker of several subjects or blocks marks them from one screen — the blocks on the left with
 * what is left of each, the same marking screen on the right; Alt+↓ / Alt+↑ go to the next / previous block.
 */
export function MultiMarkView() {
  const q = useQuery({ ...reviewTasksQuery(), refetchInterval: COUNTS_MS });
  const [params, setParams] = useSearchParams();
  const blocks = q.data ? markableBlocks(q.data) : [];
  const asked = parseId(params.get('blockId') ?? undefined);
  const current = blocks.find((b) => b.blockId === asked) ?? blocks.find((b) => b.left > 0) ?? blocks[0];
  const v = parseId(params.get('v') ?? undefined);
  const display = v && v <= MULTI_MARK_MAX ? v : 1;
  const go = (blockId: number, n = display, replace = false) =>
    setParams({ blockId: String(blockId), ...(n > 1 ? { v: String(n) } : {}) }, { replace });
  // the block chosen for the marker stays chosen: the counts read again every few seconds must never move
  // them to another block while they score the papers they hold (their own claims empty the pool)
  const chosen = current && current.blockId !== asked ? current.blockId : null;
  useEffect(() => {
    if (chosen !== null) go(chosen, display, true);
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || !current) return;
      const i = blocks.findIndex((b) => b.blockId === current.blockId);
      const next = blocks[(i + (e.key === 'ArrowDown' ? 1 : blocks.length - 1)) % blocks.length];
      e.preventDefault();
      if (next && next.blockId !== current.blockId) go(next.blockId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (q.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (q.isError && !q.data) return <TasksFailed onRetry={() => void q.refetch()} />;
  if (!current)
    return (
      <Result
        status="info"
        title="当前没有正在阅卷的题块"
        subTitle="科目开始阅卷、且您被分配为阅卷老师后，题块会显示在这里。"
        extra={<Link to="/book/review/task">返回阅卷任务</Link>}
      />
    );
  return (
    <Flex align="flex-start" data-testid="multi-mark">
      <Flex vertical style={{ width: 230, flex: 'none', padding: '12px 0 12px 12px' }} gap={8}>
        <Typography.Text strong>我的阅卷题块</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Alt+↓ / Alt+↑ 切换题块
        </Typography.Text>
        {blocks.length ? (
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            selectedKeys={[String(current.blockId)]}
            onClick={({ key }) => go(Number(key))}
            items={blocks.map((b) => ({
              key: String(b.blockId),
              label: (
                <Flex justify="space-between" gap={4} data-testid={`multi-block-${b.blockId}`}>
                  <Typography.Text
                    ellipsis
                    style={{ maxWidth: 130 }}
                    title={`${b.examName} · ${b.subjectName}`}
                  >
                    {b.subjectName} · {b.blockName}
                  </Typography.Text>
                  <Badge
                    count={b.left}
                    showZero
                    overflowCount={9999}
                    color={b.left ? 'blue' : 'default'}
                    title={`已阅 ${b.done} 份，可领取 ${b.left} 份`}
                  />
                </Flex>
              ),
            }))}
          />
        ) : (
          <Empty description="没有可阅的题块" />
        )}
      </Flex>
      <div style={{ flex: 1, minWidth: 0 }}>
        <BlockScreen blockId={current.blockId} display={display} onDisplay={(n) => go(current.blockId, n)} />
      </div>
    </Flex>
  );
}
