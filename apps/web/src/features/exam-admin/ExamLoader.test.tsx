import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ExamDetail } from '@yj/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { examAdminApi } from './exam-admin.api';
import { examDetailQuery } from './exam-admin.queries';
import { ExamLoader } from './ExamLoader';

// A failed refetch of an exam already on screen (a network blip while the screen refreshes after a save)
// must not replace the working screen with 考试加载失败; a first load that fails shows it.

const exam = { id: 5, name: '期中考试' } as ExamDetail;
const down = { code: 1, message: '服务器暂时不可用' };

function mount() {
  const client = createQueryClient();
  render(
    <App>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ExamLoader examId={5}>{(e) => <p>{e.name}的页面</p>}</ExamLoader>
        </MemoryRouter>
      </QueryClientProvider>
    </App>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ExamLoader', () => {
  it('keeps a loaded exam on screen when a refetch fails, and says so in a message', async () => {
    const detail = vi.spyOn(examAdminApi, 'detail').mockResolvedValueOnce(exam);
    const client = mount();
    expect(await screen.findByText('期中考试的页面')).toBeTruthy();

    detail.mockRejectedValue(down);
    await act(() => client.refetchQueries());
    expect(client.getQueryState(examDetailQuery(5).queryKey)?.status).toBe('error');
    expect(await screen.findByText('考试信息刷新失败，页面显示的是之前加载的内容')).toBeTruthy();
    expect(screen.getByText('期中考试的页面')).toBeTruthy();
    expect(screen.queryByText('考试加载失败')).toBeNull();
  });

  it('shows the failure when the exam never loaded', async () => {
    vi.spyOn(examAdminApi, 'detail').mockRejectedValue(down);
    mount();
    expect(await screen.findByText('考试加载失败')).toBeTruthy();
    expect(screen.getByText('服务器暂时不可用')).toBeTruthy();
  });
});
