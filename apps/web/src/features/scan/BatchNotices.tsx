import type { ScanBatchProgress } from '@yj/contracts';
import { Alert, Space } from 'antd';
import { batchesWith } from './batch-names';

/** A fault of the scanning itself, counted per batch, that the person at the scanner can stop at the scanner. */
interface BatchFault {
  /** the batch's count of pages with it */
  count: 'foreign' | 'thresholded' | 'streaked';
  testId: string;
  /** `now`: the newest batch still has it — the scanner is still set wrong */
  type: (now: boolean) => 'error' | 'warning' | 'info';
  /** after 「批次 #3、#1 共 40 页」 */
  title: (now: boolean) => string;
  description: (now: boolean) => string;
}

const LEFT_FOREIGN =
  '这些答卷没有计入任何考生：可在下方批次列表中把整批作废（或在识别异常的“其他异常”中逐份移出），再用双面重新扫描。';
const LOST_LIGHT =
  '这些页上颜色较浅的铅笔填涂可能没有扫进图像，会被当作未作答：请核对这些答题卡，需要时在异常处理中移出并用灰度重新扫描。';
const STREAKS_HANDLED = '细竖线已在识别前去除；较宽竖线经过的题目已列为异常，请对照原图核对。';

const FAULTS: readonly BatchFault[] = [
  {
    // papers holding another student's pages (paper-pages.ts): almost always two-sided cards scanned one-sided,
    // every paper then two students' fronts, each raised (页面异常) and read for no one
    count: 'foreign',
    testId: 'scan-foreign',
    type: () => 'error',
    title: () => '与所在答卷的其他页不是同一名考生的',
    description: (now) =>
      now
        ? `双面答题卡用单面扫描时，每份答卷会由两名考生的正面拼成。请把扫描仪设为“双面”后再扫描后面的答题卡。${LEFT_FOREIGN}`
        : LEFT_FOREIGN,
  },
  {
    // 1-bit cut at one threshold (黑白 without dithering, omr detect-pixels.ts isDithered): a pencil mark
    // lighter than the threshold is not in the image at all, for recognition nor for a person looking
    count: 'thresholded',
    testId: 'scan-thresholded',
    type: () => 'warning',
    title: () => '是黑白（二值）扫描，不是灰度扫描',
    description: (now) =>
      now ? `请把扫描仪的颜色模式改为“灰度”后再扫描后面的答题卡。${LOST_LIGHT}` : LOST_LIGHT,
  },
  {
    // dust or a scratch on a sheet-fed scanner's glass draws the same line down every page until cleaned
    // (omr streaks.ts): thin lines are painted over, questions under wide ones raised
    count: 'streaked',
    testId: 'scan-streaks',
    type: (now) => (now ? 'warning' : 'info'),
    title: (now) => `有贯穿整页的竖线：扫描仪玻璃上${now ? '可能有' : '曾有'}灰尘或划痕`,
    description: (now) =>
      now ? `${STREAKS_HANDLED}请擦拭扫描仪玻璃后再扫描后面的答题卡。` : STREAKS_HANDLED,
  },
];

/**
 * What went wrong at the scanner in the subject's batches, one notice a fault, so the next batches come right.
 * `batches` newest first, as the batch list holds them: while the newest one is right, the scanner has been
 * set right and a notice only says what is left of the earlier ones. Voided batches say nothing.
 */
export function BatchNotices({ batches: all }: { batches: readonly ScanBatchProgress[] }) {
  // a voided batch (作废本批次) is being scanned again: what went wrong with it is settled
  const batches = all.filter((b) => !b.voidedAt);
  const shown = FAULTS.flatMap((f) => {
    const hit = batches.filter((b) => b[f.count] > 0);
    if (!hit.length) return [];
    const now = batches[0]![f.count] > 0;
    return [
      <Alert
        key={f.count}
        type={f.type(now)}
        showIcon
        data-testid={f.testId}
        title={`${batchesWith(hit, (b) => b[f.count])}${f.title(now)}`}
        description={f.description(now)}
      />,
    ];
  });
  if (!shown.length) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {shown}
    </Space>
  );
}
