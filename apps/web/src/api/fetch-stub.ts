import { afterEach, beforeEach, vi } from 'vitest';

/** A request the stubbed fetch was given. */
export type Captured = { url: string; init: RequestInit };

/**
 * For a test file of the request helpers: `answer(body)` stubs fetch to answer it (status 200), `calls` keeps
 * what fetch was given, `hang()` stubs it never to answer; emptied before each test, fetch restored after it.
 */
export function stubFetch() {
  const calls: Captured[] = [];
  const answer = (body: unknown): void => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  };
  /** fetch never answers: the call ends only when its signal aborts it (a cancel or a timeout). */
  const hang = (): void => {
    vi.stubGlobal(
      'fetch',
      (_u: string, init: RequestInit) =>
        new Promise((_r, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
  };
  beforeEach(() => {
    calls.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());
  return { calls, answer, hang };
}
