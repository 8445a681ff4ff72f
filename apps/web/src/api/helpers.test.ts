import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asRead, cancelAllRequests, pendingCalls } from './cancel-registry';
import { api } from './filter';
import { hybridRequest, isLocalAddress, localizeAddress, scanManagerPort } from './hybrid';
import { minionsRequest } from './minions';
import { stubFetch } from './fetch-stub';

const { calls, answer, hang } = stubFetch();

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('filter helper (a)', () => {
  it('prefixes /filter, sends the XHR header on every call and unwraps data', async () => {
    answer({ code: 0, message: 'ok', data: { count: 3 } });
    await expect(api.get('/api/message/unread/count')).resolves.toEqual({ count: 3 });
    await api.post('/api/message/:id/read', { id: 12 });
    expect(calls.map((c) => c.url)).toEqual([
      '/filter/api/message/unread/count',
      '/filter/api/message/12/read',
    ]);
    for (const c of calls)
      expect((c.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[1]?.init.body).toBe('{}');
  });

  it('rejects with the envelope on a business failure', async () => {
    answer({ code: 1, message: '用户名或密码错误', data: null });
    await expect(api.post('/yue/user/login', { account: 'a', password: 'b' })).rejects.toEqual({
      code: 1,
      message: '用户名或密码错误',
      data: null,
    });
    expect(pendingCalls.size).toBe(0);
  });

  it('cancelAllRequests cancels pending reads with the Chinese reason, never a write', async () => {
    hang();
    // a read (started by a query's function) is cancelled; a write in flight is not
    const read = asRead(new AbortController().signal, () =>
      api.post('/api/home/exams', { page: 1, size: 20 }),
    );
    const write = api.post('/api/message/send/exam/:examId', { examId: 3, title: 't', content: 'c' });
    let written = false;
    void write.catch(() => undefined).finally(() => (written = true));
    expect(pendingCalls.size).toBe(2);
    expect(cancelAllRequests()).toBe(1);
    await expect(read).rejects.toEqual({
      cancelled: true,
      message: 'Request cancelled',
      reason: '切换考试或科目，已取消未完成的请求',
    });
    expect(pendingCalls.size).toBe(1);
    expect(written).toBe(false);
  });
});

describe('minions helper (b)', () => {
  it('uses the /minions base, returns the body as is and times out after 50 s', async () => {
    answer({ code: 1, message: 'not an envelope here' });
    await expect(minionsRequest('GET', '/help/index.json')).resolves.toEqual({
      code: 1,
      message: 'not an envelope here',
    });
    expect(calls[0]?.url).toBe('/minions/help/index.json');

    vi.useFakeTimers();
    hang();
    let settled = false;
    const p = minionsRequest('GET', '/slow').catch((e: unknown) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(49_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toMatchObject({ code: 1024 });
  });
});

describe('hybrid helper (c)', () => {
  it('recognises local addresses', () => {
    expect(isLocalAddress('http://{ip}:18738/sm/getScannerStatus')).toBe(true);
    expect(isLocalAddress('http://127.0.0.1:18738/sm/x')).toBe(true);
    expect(isLocalAddress('/api/scan/version')).toBe(false);
  });

  it('replaces the port of local addresses with the scan manager port from session storage, default 18739', () => {
    expect(scanManagerPort()).toBe(18739);
    expect(localizeAddress('http://{ip}:18738/sm/getScannerStatus')).toBe(
      'http://127.0.0.1:18739/sm/getScannerStatus',
    );
    sessionStorage.setItem('scanManagerPort', '20001');
    expect(localizeAddress('http://{ip}:18738/sm/getScannerStatus', '192.168.1.5')).toBe(
      'http://192.168.1.5:20001/sm/getScannerStatus',
    );
    sessionStorage.setItem('scanManagerPort', 'junk');
    expect(scanManagerPort()).toBe(18739);
  });

  it('remote calls carry the XHR header under /filter; local calls go to the scan manager without it', async () => {
    answer({ code: 0, message: 'ok', data: { v: 110 } });
    await expect(hybridRequest('GET', '/api/scan/version')).resolves.toEqual({ v: 110 });
    await hybridRequest('GET', 'http://{ip}:18738/sm/getScannerStatus');
    expect(calls[0]?.url).toBe('/filter/api/scan/version');
    expect((calls[0]?.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[1]?.url).toBe('http://127.0.0.1:18739/sm/getScannerStatus');
    expect((calls[1]?.init.headers as Record<string, string>)['X-Requested-With']).toBeUndefined();
  });

  it('times out remote calls after 20 s and local ones after 120 s', async () => {
    vi.useFakeTimers();
    hang();
    const settledAt: Record<string, number> = {};
    const start = Date.now();
    const remote = hybridRequest('GET', '/api/scan/version').catch(
      () => (settledAt.remote = Date.now() - start),
    );
    const local = hybridRequest('GET', 'http://{ip}:1/sm/x').catch(
      () => (settledAt.local = Date.now() - start),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(settledAt.remote).toBe(20_000);
    expect(settledAt.local).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100_000);
    await Promise.all([remote, local]);
    expect(settledAt.local).toBe(120_000);
  });
});
