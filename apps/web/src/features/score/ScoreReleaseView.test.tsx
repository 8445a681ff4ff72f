import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ExamDetail, ExamReleaseRow } from '@yj/contracts';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { examReleaseQuery } from './score.queries';
import { ScoreReleaseView } from './ScoreReleaseView';

// 成绩发布 for whom may publish and for whom may only look (a 学校负责人 holds score.read, not score.publish):
// the second sees every subject's state and checks, and neither the batch button nor a checkbox.

const exam = { id: 5, name: '期中考试', can: { publish: false } } as ExamDetail;
const row = (subjectId: number, name: string, canPublish: boolean): ExamReleaseRow => ({
  subjectId,
  name,
  status: 5,
  publishAt: null,
  tongfen: false,
  xianyue: false,
  blockers: [],
  canPublish,
});

function mount(rows: ExamReleaseRow[]) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
  );
  const client = createQueryClient();
  client.setQueryData(examReleaseQuery(exam.id).queryKey, rows);
  render(
    <App>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ScoreReleaseView exam={exam} />
        </MemoryRouter>
      </QueryClientProvider>
    </App>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ScoreReleaseView', () => {
  it('offers the batch release to whom may publish a subject', async () => {
    mount([row(1, '语文', true), row(2, '数学', false)]);
    expect(await screen.findByText('语文')).toBeTruthy();
    expect(screen.getByTestId('batch-release')).toBeTruthy();
    expect(screen.getByLabelText('选择语文')).toBeTruthy();
  });

  it('shows a reader the states without the button or a checkbox', async () => {
    mount([row(1, '语文', false), row(2, '数学', false)]);
    expect(await screen.findByText('数学')).toBeTruthy();
    expect(screen.getAllByText('核查通过')).toHaveLength(2);
    expect(screen.queryByTestId('batch-release')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
