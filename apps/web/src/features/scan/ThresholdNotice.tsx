import type { ScanBatchProgress } from '@yj/contracts';
import { Alert } from 'antd';
import { batchesWith } from './batch-names';

/**
 * Batches scanned 1-bit cut at one threshold (a scanner's 黑白 mode without dithering, packages/omr
 * detect-pixels.ts isDithered): a pencil mark lighter than the threshold is not in the image at all, so
 * recognition — and a person looking at the picture — reads it as unanswered. Only the paper, or a grey rescan,
 * has it; the person at the scanner is told here so the next batches are scanned grey. `batches` newest first: once
 * the newest one is grey, the notice only says what the earlier ones may lack.
 */
export function ThresholdNotice({ batches }: { batches: readonly ScanBatchProgress[] }) {
  const hit = batches.filter((b) => b.thresholded > 0);
  if (!hit.length) return null;
  const stillNow = batches[0]!.thresholded > 0;
  const lost =
    '这些页上颜色较浅的铅笔填涂可能没有扫进图像，会被当作未作答：请核对这些答题卡，需要时在异常处理中移出并用灰度重新扫描。';
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="scan-thresholded"
      title={`${batchesWith(hit, (b) => b.thresholded)}是黑白（二值）扫描，不是灰度扫描`}
      description={stillNow ? `请把扫描仪的颜色模式改为“灰度”后再扫描后面的答题卡。${lost}` : lost}
    />
  );
}
