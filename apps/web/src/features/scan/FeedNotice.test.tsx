import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedBatch } from './batch-progress.fixture';
import { FeedNotice } from './FeedNotice';

const batch = (batchId: number, foreign: number) => finishedBatch(batchId, { foreign });

afterEach(cleanup);

describe('FeedNotice', () => {
  it('says nothing while every paper holds one student’s pages', () => {
    const { container } = render(<FeedNotice batches={[batch(2, 0), batch(1, 0)]} />);
    expect(container.textContent).toBe('');
  });

  it('names the batches, adds up their pages and asks for a two-sided scan', () => {
    render(<FeedNotice batches={[batch(3, 20), batch(2, 0), batch(1, 1)]} />);
    expect(screen.getByText('批次 #3、#1 共 21 页与所在答卷的其他页不是同一名考生的')).toBeTruthy();
    expect(screen.getByText(/请把扫描仪设为“双面”/)).toBeTruthy();
    expect(screen.getByText(/没有计入任何考生/)).toBeTruthy();
  });

  it('once the newest batch is right, only says what is left to rescan', () => {
    render(<FeedNotice batches={[batch(4, 0), batch(3, 20)]} />);
    expect(screen.getByText('批次 #3 共 20 页与所在答卷的其他页不是同一名考生的')).toBeTruthy();
    expect(screen.queryByText(/请把扫描仪设为/)).toBeNull();
    expect(screen.getByText(/用双面重新扫描/)).toBeTruthy();
  });
});
