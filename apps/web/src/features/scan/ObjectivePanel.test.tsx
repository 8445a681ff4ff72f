import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ScanExceptionDetail } from '@yj/contracts';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { CanScanProvider } from './can-scan';
import { ObjectivePanel } from './ObjectivePanel';
import { scanApi } from './scan.api';
import { objectiveItem } from './scan-exception.fixture';
import { detailQuery } from './scan.queries';

// The 客观题异常 panel for whom may fix it and for whom may only look (a 学校负责人: scan.read): the second sees
// the groups and moves between them, and neither a button nor a key press sends an answer.

const item = (id: number) => objectiveItem(id, '3', [0.9, 0.8, 0.1, 0.1], { kaohao: `2026000${id}` });
const items = [item(1), item(2)];

function mount(canScan: boolean, list = items) {
  // antd's grid asks the screen size; jsdom has no matchMedia
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
  );
  const client = createQueryClient();
  for (const x of list)
    client.setQueryData(detailQuery(9, x.id).queryKey, {
      exception: x,
      paper: null,
      other: null,
      highlight: null,
      options: ['A', 'B', 'C', 'D'],
      anchors: [],
      score: null,
    } satisfies ScanExceptionDetail);
  render(
    <App>
      <QueryClientProvider client={client}>
        <CanScanProvider value={canScan}>
          <ObjectivePanel subjectId={9} items={list} />
        </CanScanProvider>
      </QueryClientProvider>
    </App>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ObjectivePanel', () => {
  it('lets a scanner pick the answer and confirm the group with Enter', async () => {
    const send = vi.spyOn(scanApi, 'objective').mockResolvedValue({ papers: [], open: [] } as never);
    mount(true);
    await screen.findByTestId('option-A');
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith(9, [
        { exceptionId: 1, answer: ['B'] },
        { exceptionId: 2, answer: ['B'] },
      ]),
    );
  });

  it('shows a reader the group without an answer button, and their keys send nothing', async () => {
    const send = vi.spyOn(scanApi, 'objective');
    mount(false);
    expect(screen.getByTestId('objective-panel').textContent).toContain('第 3 题 · 2 张答题卡填涂相同');
    expect(screen.queryByTestId('option-A')).toBeNull();
    expect(screen.queryByTestId('objective-confirm')).toBeNull();
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.keyDown(window, { key: 'Enter' });
    // a mutation starts a tick later: give it one
    await new Promise((r) => setTimeout(r, 50));
    expect(send).not.toHaveBeenCalled();
  });

  it('settles a case raised for a tick outside its bubbles on its own, its reason shown', async () => {
    const send = vi.spyOn(scanApi, 'objective').mockResolvedValue({ papers: [], open: [] } as never);
    const reason = '填涂不清（有选项旁打了勾而未涂黑，请核对原图）';
    const empty = [0.05, 0.06, 0.04, 0.05];
    // a tick after B on one sheet, after D on the other: the same fills, different answers
    const ticked = [1, 3].map((option, i) =>
      objectiveItem(i + 1, '3', empty, { reason, detail: { fills: empty, doubted: [option] } }),
    );
    mount(true, ticked);
    await screen.findByTestId('option-A');
    expect(screen.getByTestId('objective-panel').textContent).toContain('第 3 题 · 1 张答题卡填涂相同');
    expect(screen.getByTestId('objective-doubt').textContent).toBe(reason);
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(9, [{ exceptionId: 1, answer: ['B'] }]));
  });
});
