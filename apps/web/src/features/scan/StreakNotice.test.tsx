import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedBatch } from './batch-progress.fixture';
import { StreakNotice } from './StreakNotice';

const batch = (batchId: number, streaked: number) => finishedBatch(batchId, { streaked });

afterEach(cleanup);

describe('StreakNotice', () => {
  it('says nothing while no batch has a streaked page', () => {
    const { container } = render(<StreakNotice batches={[batch(1, 0), batch(2, 0)]} />);
    expect(container.textContent).toBe('');
  });

  it('names the batches with streaked pages, adds up their pages and asks to clean the glass', () => {
    render(<StreakNotice batches={[batch(3, 4), batch(2, 0), batch(1, 36)]} />);
    expect(
      screen.getByText('批次 #3、#1 共 40 页有贯穿整页的竖线：扫描仪玻璃上可能有灰尘或划痕'),
    ).toBeTruthy();
    expect(screen.getByText(/请擦拭扫描仪玻璃/)).toBeTruthy();
  });

  it('once the newest batch is clean, only tells what happened to the earlier ones', () => {
    render(<StreakNotice batches={[batch(4, 0), batch(3, 4)]} />);
    expect(screen.getByText('批次 #3 共 4 页有贯穿整页的竖线：扫描仪玻璃上曾有灰尘或划痕')).toBeTruthy();
    expect(screen.queryByText(/请擦拭扫描仪玻璃/)).toBeNull();
  });

  it('names five batches and counts the rest', () => {
    render(<StreakNotice batches={[1, 2, 3, 4, 5, 6, 7].map((i) => batch(i, 1))} />);
    expect(
      screen.getByText(
        '批次 #1、#2、#3、#4、#5 等 7 个批次 共 7 页有贯穿整页的竖线：扫描仪玻璃上可能有灰尘或划痕',
      ),
    ).toBeTruthy();
  });
});
