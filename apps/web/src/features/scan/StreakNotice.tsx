import type { ScanBatchProgress } from '@yj/contracts';
import { Alert } from 'antd';
import { batchesWith } from './batch-names';

/**
 * Batches scanned through a dirty glass: dust or a scratch on a sheet-fed scanner draws the same line down every
 * page until the glass is cleaned (packages/omr streaks.ts). Recognition paints thin lines over and raises the
 * questions under wide ones; the person at the scanner is told here so the next batches come clean. `batches`
 * newest first, as the batch list holds them: while the newest one is clean, the glass has been cleaned and the
 * notice only says what happened to the earlier ones.
 */
export function StreakNotice({ batches }: { batches: readonly ScanBatchProgress[] }) {
  const hit = batches.filter((b) => b.streaked > 0);
  if (!hit.length) return null;
  const dirtyNow = batches[0]!.streaked > 0;
  const which = batchesWith(hit, (b) => b.streaked);
  const handled = '细竖线已在识别前去除；较宽竖线经过的题目已列为异常，请对照原图核对。';
  return (
    <Alert
      type={dirtyNow ? 'warning' : 'info'}
      showIcon
      data-testid="scan-streaks"
      title={`${which}有贯穿整页的竖线：扫描仪玻璃上${dirtyNow ? '可能有' : '曾有'}灰尘或划痕`}
      description={dirtyNow ? `${handled}请擦拭扫描仪玻璃后再扫描后面的答题卡。` : handled}
    />
  );
}
