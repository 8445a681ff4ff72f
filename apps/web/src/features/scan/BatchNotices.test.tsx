import type { ScanBatchProgress } from '@yj/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedBatch } from './batch-progress.fixture';
import { BatchNotices } from './BatchNotices';

type Fault = 'foreign' | 'thresholded' | 'streaked';
const batch = (batchId: number, fault: Fault, pages: number, over: Partial<ScanBatchProgress> = {}) =>
  finishedBatch(batchId, { [fault]: pages, ...over });
const shown = (batches: ScanBatchProgress[]) => render(<BatchNotices batches={batches} />);

afterEach(cleanup);

describe('BatchNotices', () => {
  it('says nothing while every batch was scanned right', () => {
    const { container } = shown([finishedBatch(2), finishedBatch(1)]);
    expect(container.textContent).toBe('');
  });

  it('gives each fault its own notice, for the batches that have it', () => {
    shown([
      finishedBatch(3, { foreign: 2, streaked: 4 }),
      finishedBatch(2, { thresholded: 40 }),
      finishedBatch(1, { streaked: 36 }),
    ]);
    expect(screen.getByTestId('scan-foreign').textContent).toContain('批次 #3 共 2 页');
    expect(screen.getByTestId('scan-thresholded').textContent).toContain('批次 #2 共 40 页');
    expect(screen.getByTestId('scan-streaks').textContent).toContain('批次 #3、#1 共 40 页');
  });

  describe('another student’s pages (one-sided scan)', () => {
    it('names the batches, adds up their pages and asks for a two-sided scan', () => {
      shown([batch(3, 'foreign', 20), finishedBatch(2), batch(1, 'foreign', 1)]);
      expect(screen.getByText('批次 #3、#1 共 21 页与所在答卷的其他页不是同一名考生的')).toBeTruthy();
      expect(screen.getByText(/请把扫描仪设为“双面”/)).toBeTruthy();
      expect(screen.getByText(/没有计入任何考生/)).toBeTruthy();
    });

    it('once the newest batch is right, only says what is left to rescan', () => {
      shown([finishedBatch(4), batch(3, 'foreign', 20)]);
      expect(screen.getByText('批次 #3 共 20 页与所在答卷的其他页不是同一名考生的')).toBeTruthy();
      expect(screen.queryByText(/请把扫描仪设为/)).toBeNull();
      expect(screen.getByText(/用双面重新扫描/)).toBeTruthy();
    });

    it('says nothing of a batch voided to be scanned again', () => {
      shown([finishedBatch(4), batch(3, 'foreign', 20, { voidedAt: '2026-11-30T06:00:00.000Z' })]);
      expect(screen.queryByTestId('scan-foreign')).toBeNull();
    });
  });

  describe('black and white (thresholded) scan', () => {
    it('names the batches, adds up their pages and asks for grey', () => {
      shown([batch(3, 'thresholded', 40), finishedBatch(2), batch(1, 'thresholded', 12)]);
      expect(screen.getByText('批次 #3、#1 共 52 页是黑白（二值）扫描，不是灰度扫描')).toBeTruthy();
      expect(screen.getByText(/请把扫描仪的颜色模式改为“灰度”/)).toBeTruthy();
      expect(screen.getByText(/可能没有扫进图像，会被当作未作答/)).toBeTruthy();
    });

    it('once the newest batch is grey, only says what the earlier ones may lack', () => {
      shown([finishedBatch(4), batch(3, 'thresholded', 40)]);
      expect(screen.getByText('批次 #3 共 40 页是黑白（二值）扫描，不是灰度扫描')).toBeTruthy();
      expect(screen.queryByText(/请把扫描仪的颜色模式改为/)).toBeNull();
      expect(screen.getByText(/可能没有扫进图像/)).toBeTruthy();
    });
  });

  describe('streaks from a dirty glass', () => {
    it('names the batches, adds up their pages and asks to clean the glass', () => {
      shown([batch(3, 'streaked', 4), finishedBatch(2), batch(1, 'streaked', 36)]);
      expect(
        screen.getByText('批次 #3、#1 共 40 页有贯穿整页的竖线：扫描仪玻璃上可能有灰尘或划痕'),
      ).toBeTruthy();
      expect(screen.getByText(/请擦拭扫描仪玻璃/)).toBeTruthy();
    });

    it('once the newest batch is clean, only tells what happened to the earlier ones', () => {
      shown([finishedBatch(4), batch(3, 'streaked', 4)]);
      expect(screen.getByText('批次 #3 共 4 页有贯穿整页的竖线：扫描仪玻璃上曾有灰尘或划痕')).toBeTruthy();
      expect(screen.queryByText(/请擦拭扫描仪玻璃/)).toBeNull();
    });

    it('names five batches and counts the rest', () => {
      shown([1, 2, 3, 4, 5, 6, 7].map((i) => batch(i, 'streaked', 1)));
      expect(
        screen.getByText(
          '批次 #1、#2、#3、#4、#5 等 7 个批次 共 7 页有贯穿整页的竖线：扫描仪玻璃上可能有灰尘或划痕',
        ),
      ).toBeTruthy();
    });
  });
});
