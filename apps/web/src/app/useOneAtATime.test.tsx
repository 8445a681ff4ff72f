import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOneAtATime } from './useOneAtATime';

afterEach(cleanup);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useOneAtATime', () => {
  it('sends one request for two calls made before the first answers (a double click)', async () => {
    let sent = 0;
    let answer: (v: number) => void = () => undefined;
    const { result } = renderHook(
      () =>
        useOneAtATime({
          mutationFn: () => {
            sent += 1;
            return new Promise<number>((r) => (answer = r));
          },
        }),
      { wrapper },
    );
    // both clicks come from the same render, as two clicks before React re-renders do
    const { mutate, mutateAsync } = result.current;
    let second: Promise<number> | undefined;
    await act(async () => {
      mutate();
      second = mutateAsync();
    });
    expect(sent).toBe(1);
    await act(async () => answer(7));
    await expect(second).resolves.toBe(7);
    // once answered, the next click sends again
    await act(async () => result.current.mutate());
    expect(sent).toBe(2);
  });

  it('still sends a different call (another row) while one runs', async () => {
    const sent: number[] = [];
    const { result } = renderHook(
      () =>
        useOneAtATime({ mutationFn: (id: number) => (sent.push(id), new Promise<void>(() => undefined)) }),
      { wrapper },
    );
    await act(async () => {
      result.current.mutate(1);
      result.current.mutate(2);
      result.current.mutate(1);
    });
    expect(sent).toEqual([1, 2]);
  });
});
