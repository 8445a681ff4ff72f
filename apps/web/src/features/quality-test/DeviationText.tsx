import type { DeviationFigures } from '@yj/contracts';
import { Typography } from 'antd';
import { num } from '../quality/format';

/** "n 份 · 平均偏差 ±x" of one kind of 质检 paper; red past the block's limit. */
export function DeviationText({ f, limit, testId }: { f: DeviationFigures; limit: number; testId?: string }) {
  if (!f.n) return <Typography.Text type="secondary">0 份</Typography.Text>;
  const over = f.meanAbsDiff !== null && f.meanAbsDiff > limit;
  const signed = f.meanDiff === null ? '—' : `${f.meanDiff > 0 ? '+' : ''}${num(f.meanDiff)}`;
  return (
    <Typography.Text type={over ? 'danger' : undefined} data-testid={testId}>
      {f.n} 份 · 平均偏差 {signed}（绝对 {num(f.meanAbsDiff)}）
    </Typography.Text>
  );
}
