import type { ScanBatchProgress } from '@yj/contracts';
import { Alert } from 'antd';
import { batchesWith } from './batch-names';

/**
 * Batches whose papers hold another student's pages (paper-pages.ts), still open: almost always two-sided cards
 * scanned one-sided, every paper then two students' fronts. Each such paper is raised (页面异常) and read for no
 * one; the person at the scanner is told here, so the rest of the pile is scanned two-sided. `batches` newest
 * first: once the newest one is right, the notice only says what is left to rescan.
 */
export function FeedNotice({ batches }: { batches: readonly ScanBatchProgress[] }) {
  const hit = batches.filter((b) => b.foreign > 0);
  if (!hit.length) return null;
  const stillNow = batches[0]!.foreign > 0;
  const left = '这些答卷没有计入任何考生：请在识别异常的“其他异常”中移出，再用双面重新扫描。';
  return (
    <Alert
      type="error"
      showIcon
      data-testid="scan-foreign"
      title={`${batchesWith(hit, (b) => b.foreign)}与所在答卷的其他页不是同一名考生的`}
      description={
        stillNow
          ? `双面答题卡用单面扫描时，每份答卷会由两名考生的正面拼成。请把扫描仪设为“双面”后再扫描后面的答题卡。${left}`
          : left
      }
    />
  );
}
