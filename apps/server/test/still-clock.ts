import { vi } from 'vitest';

/**
 * For a test that counts the statements of one request or job: the app's periodic work held still, and the
 * process's clock with it. Call before testApp; answers the function that lets them go (before closing the app).
 *
 * Beside a counted request, a slow machine (CI of stop 50: 3 statements counted for a 2-statement submit) reaches
 * what runs by the clock: the 30 s sweeps of 质检, messages and 在线考试, the minute marking pass, the score
 * queue's 5 s sweep (setInterval each), and the end of what a process remembers for a while (a session for
 * SESSION_CACHE_MS by performance.now, a block's 质检 rates for 30 s by Date.now). Each adds statements the request
 * did not send. setTimeout stays real: the score queue's 200 ms kick and the drivers' own waits run as ever.
 */
export function stillClock(): () => void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance', 'Date'] });
  return () => vi.useRealTimers();
}
