import type { ProgressParts } from '@yj/contracts';
import { Flex, Progress, Typography, type TableColumnType } from 'antd';

/**
 * A block's progress as every screen shows it (issue 29: one definition, one look): papers with a final score
 * out of papers to mark, and beside it what lies between — papers waiting for arbitration, open 问题卷, and the
 * blanks 智能判空 scored 0 (counted as scored). `testId` lets a journey read the same figure on every screen.
 */
export function BlockProgressBar({
  done,
  total,
  parts,
  testId,
  size = 'default',
}: {
  done: number;
  total: number;
  parts?: ProgressParts;
  testId?: string;
  size?: 'default' | 'small';
}) {
  const percent = total > 0 ? Math.floor((done / total) * 1000) / 10 : 0;
  const notes = parts
    ? [
        parts.arbitration ? `待仲裁 ${parts.arbitration}` : null,
        parts.problems ? `问题卷 ${parts.problems}` : null,
        parts.blanks ? `含智能判空记 0 分 ${parts.blanks} 份` : null,
      ].filter(Boolean)
    : [];
  return (
    <Flex vertical gap={0} data-testid={testId} data-done={done} data-total={total}>
      <Progress size={size} percent={percent} format={() => `${done} / ${total}`} />
      {notes.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {notes.join(' · ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The 出分进度 column of a table of blocks (its rows carry the block's figures, as BlockProgress does). */
export function blockProgressColumn<
  T extends { blockId: number; decided: number; papers: number; parts?: ProgressParts },
>(width: number): TableColumnType<T> {
  return {
    title: '出分进度',
    width,
    render: (_, b) => (
      <BlockProgressBar
        done={b.decided}
        total={b.papers}
        parts={b.parts}
        testId={`block-progress-${b.blockId}`}
      />
    ),
  };
}
