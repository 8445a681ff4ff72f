import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedBatch } from './batch-progress.fixture';
import { ThresholdNotice } from './ThresholdNotice';

const batch = (batchId: number, thresholded: number) => finishedBatch(batchId, { thresholded });

afterEach(cleanup);

describe('ThresholdNotice', () => {
  it('says nothing while every batch is scanned grey', () => {
    const { container } = render(<ThresholdNotice batches={[batch(2, 0), batch(1, 0)]} />);
    expect(container.textContent).toBe('');
  });

  it('names the batches scanned black and white, adds up their pages and asks for grey', () => {
    render(<ThresholdNotice batches={[batch(3, 40), batch(2, 0), batch(1, 12)]} />);
    expect(screen.getByText('批次 #3、#1 共 52 页是黑白（二值）扫描，不是灰度扫描')).toBeTruthy();
    expect(screen.getByText(/请把扫描仪的颜色模式改为“灰度”/)).toBeTruthy();
    expect(screen.getByText(/可能没有扫进图像，会被当作未作答/)).toBeTruthy();
  });

  it('once the newest batch is grey, only says what the earlier ones may lack', () => {
    render(<ThresholdNotice batches={[batch(4, 0), batch(3, 40)]} />);
    expect(screen.getByText('批次 #3 共 40 页是黑白（二值）扫描，不是灰度扫描')).toBeTruthy();
    expect(screen.queryByText(/请把扫描仪的颜色模式改为/)).toBeNull();
    expect(screen.getByText(/可能没有扫进图像/)).toBeTruthy();
  });
});
