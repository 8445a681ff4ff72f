import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/filter';
import { createQueryClient } from '../query-client';
import { cancelStaleReads, scopeOf } from './useCancelStaleReads';

// Spec §7 (issue 31): switching exam or subject cancels the reads still in flight; a write always runs to its
// answer. A fake server holds every call until released, and says which were aborted.
type Held = { url: string; aborted: boolean; release: (data: unknown) => void };
let held: Held[];

beforeEach(() => {
  held = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const h: Held = {
          url,
          aborted: false,
          release: (data) => resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data }))),
        };
        held.push(h);
        init.signal?.addEventListener('abort', () => {
          h.aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const call = (url: string) => held.find((h) => h.url === url)!;

function SubjectPage({ id, onSaved }: { id: number; onSaved: (v: unknown) => void }) {
  const scores = useQuery({
    queryKey: ['subject', id, 'scores'],
    queryFn: () => api.get('/api/subject/:id/scores', { id }),
  });
  const save = useMutation({
    mutationFn: () => api.post('/api/subject/:id/save', { id, v: 1 }),
    onSuccess: onSaved,
  });
  return (
    <button type="button" onClick={() => save.mutate()}>
      {scores.isFetching ? '加载中' : '已加载'}
    </button>
  );
}

describe('switching subject', () => {
  it('aborts the left subject’s read and lets its save finish', async () => {
    const qc = createQueryClient();
    const saved = vi.fn();
    const view = render(
      <QueryClientProvider client={qc}>
        <SubjectPage id={1} onSaved={saved} />
      </QueryClientProvider>,
    );
    await act(async () => view.getByRole('button').click());
    expect(held.map((h) => h.url)).toEqual(['/filter/api/subject/1/scores', '/filter/api/subject/1/save']);

    view.rerender(
      <QueryClientProvider client={qc}>
        <SubjectPage id={2} onSaved={saved} />
      </QueryClientProvider>,
    );
    await act(async () => undefined);
    expect(call('/filter/api/subject/1/scores').aborted).toBe(true);
    expect(call('/filter/api/subject/1/save').aborted).toBe(false);
    expect(call('/filter/api/subject/2/scores').aborted).toBe(false);
    // the left subject's read is reverted quietly (no error kept), the save answers
    expect(qc.getQueryState(['subject', 1, 'scores'])).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
    await act(async () => call('/filter/api/subject/1/save').release({ ok: true }));
    expect(saved).toHaveBeenCalledWith({ ok: true }, undefined, undefined, expect.anything());
    qc.clear();
  });

  it('cancelStaleReads aborts a read no screen shows (a prefetch), not a shown one', async () => {
    const qc = createQueryClient();
    render(
      <QueryClientProvider client={qc}>
        <SubjectPage id={5} onSaved={() => undefined} />
      </QueryClientProvider>,
    );
    void qc.prefetchQuery({ queryKey: ['exam', 4], queryFn: () => api.get('/api/exam/4/detail') });
    await act(async () => cancelStaleReads(qc));
    expect(call('/filter/api/exam/4/detail').aborted).toBe(true);
    expect(call('/filter/api/subject/5/scores').aborted).toBe(false);
    qc.clear();
  });
});

describe('scopeOf', () => {
  it('names the exam or subject of a page, from its path or its query', () => {
    expect(scopeOf('/book/subject/3/mark/9/normal/1', '')).toBe('subject:3');
    expect(scopeOf('/book/exam/12/startReviewManage', '')).toBe('exam:12');
    expect(scopeOf('/book/report_forms/12', '')).toBe('exam:12');
    expect(scopeOf('/book/scan', '?subjectId=7')).toBe('subject:7');
    expect(scopeOf('/book/singleCreateExam', '?examId=8')).toBe('exam:8');
    expect(scopeOf('/book/home', '')).toBe('');
  });
});
