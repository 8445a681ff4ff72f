import { afterEach, describe, expect, it, vi } from 'vitest';
import { asRead, CancelRegistry } from './cancel-registry';
import { execute, fillPlaceholders, prepareRequest, toQuery } from './request-core';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('placeholders', () => {
  it('fills :name from params first, then from body fields, and removes used fields', () => {
    const r = fillPlaceholders(
      '/api/school/:schoolId/teachers/:teacherId',
      { schoolId: 7 },
      { teacherId: 3, name: '李老师' },
    );
    expect(r.path).toBe('/api/school/7/teachers/3');
    expect(r.payload).toEqual({ name: '李老师' });
  });

  it('does not mutate the caller payload and encodes values', () => {
    const body = { id: 'a/b', keep: 1 };
    const r = fillPlaceholders('/api/x/:id', undefined, body);
    expect(r.path).toBe('/api/x/a%2Fb');
    expect(body).toEqual({ id: 'a/b', keep: 1 });
  });

  it('reports a missing placeholder instead of sending ":id"', () => {
    expect(() => fillPlaceholders('/api/x/:id', {}, {})).toThrow(/id/);
  });

  it('leaves ports of absolute addresses alone', () => {
    expect(fillPlaceholders('http://127.0.0.1:18739/sm/x', undefined, undefined).path).toBe(
      'http://127.0.0.1:18739/sm/x',
    );
  });
});

describe('query and body placement', () => {
  it('serialises query values, skipping empty ones and repeating arrays', () => {
    expect(toQuery({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: '中' })).toBe('?a=1&d=x&d=y&e=%E4%B8%AD');
    expect(toQuery({})).toBe('');
  });

  it('GET and HEAD send the payload as query, no body', () => {
    for (const m of ['GET', 'HEAD'] as const) {
      const r = prepareRequest(m, '/filter', '/verify/mobile', { phone: '13800000001', code: '123456' });
      expect(r.url).toBe('/filter/verify/mobile?phone=13800000001&code=123456');
      expect(r.body).toBeUndefined();
    }
  });

  it('POST sends the payload as JSON body', () => {
    const r = prepareRequest('POST', '/filter', '/api/home/exams', { page: 1, size: 20 });
    expect(r.url).toBe('/filter/api/home/exams');
    expect(r.body).toBe('{"page":1,"size":20}');
    expect(r.headers['Content-Type']).toBe('application/json');
  });

  it('DELETE sends the payload as body, or as query when a data option is given', () => {
    const asBody = prepareRequest('DELETE', '/filter', '/api/school/:schoolId/admin', {
      schoolId: 5,
      userId: 9,
    });
    expect(asBody.url).toBe('/filter/api/school/5/admin');
    expect(asBody.body).toBe('{"userId":9}');
    const asQuery = prepareRequest(
      'DELETE',
      '/filter',
      '/api/exam/role/:role',
      { role: 2, examId: 4 },
      { data: { ids: [1] } },
    );
    expect(asQuery.url).toBe('/filter/api/exam/role/2?examId=4');
    expect(asQuery.body).toBe('{"ids":[1]}');
  });

  it('passes FormData through untouched so the browser sets the boundary', () => {
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.png');
    const r = prepareRequest('POST', '/filter', '/api/account/avatar/upload', fd);
    expect(r.body).toBe(fd);
    expect(r.headers['Content-Type']).toBeUndefined();
  });
});

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers but honours abort, like a slow network. */
function hangingFetch(): typeof fetch {
  return ((_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })) as typeof fetch;
}

describe('execute', () => {
  it('returns the parsed body and leaves the registry empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 0, data: 1 })),
    );
    const registry = new CancelRegistry();
    await expect(execute({ method: 'GET', url: '/x', headers: {} }, { registry })).resolves.toEqual({
      code: 0,
      data: 1,
    });
    expect(registry.size).toBe(0);
  });

  it('rejects non-2xx with {code: status, data: body}', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 1, message: '服务器内部错误', traceId: 't-1' }, 500)),
    );
    await expect(execute({ method: 'GET', url: '/x', headers: {} })).rejects.toEqual({
      code: 500,
      data: { code: 1, message: '服务器内部错误', traceId: 't-1' },
    });
  });

  it('rejects with code 1024 and a network message when there is no response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(execute({ method: 'GET', url: '/x', headers: {} })).rejects.toEqual({
      code: 1024,
      message: '网络连接异常，请检查网络后重试',
    });
  });

  it('keeps pending calls in the registry and cancels the reads with the default Chinese reason', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const registry = new CancelRegistry();
    const query = new AbortController().signal;
    // reads are the calls a query's function starts (a POST list is one too); any other call is a write
    const a = asRead(query, () => execute({ method: 'GET', url: '/a', headers: {} }, { registry }));
    const b = asRead(query, () => execute({ method: 'POST', url: '/b', headers: {} }, { registry }));
    const w = execute({ method: 'POST', url: '/w', headers: {} }, { registry });
    expect(registry.size).toBe(3);
    expect(registry.cancelAll()).toBe(2);
    const expected = {
      cancelled: true,
      message: 'Request cancelled',
      reason: '切换考试或科目，已取消未完成的请求',
    };
    await expect(a).rejects.toEqual(expected);
    await expect(b).rejects.toEqual(expected);
    expect(registry.size).toBe(1);
    void w.catch(() => undefined);
  });

  it('cancelAll takes a custom reason', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const registry = new CancelRegistry();
    const a = asRead(new AbortController().signal, () =>
      execute({ method: 'GET', url: '/a', headers: {} }, { registry }),
    );
    registry.cancelAll('离开页面');
    await expect(a).rejects.toMatchObject({ message: 'Request cancelled', reason: '离开页面' });
  });

  it('aborts a read with its query', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const registry = new CancelRegistry();
    const query = new AbortController();
    const a = asRead(query.signal, () => execute({ method: 'GET', url: '/a', headers: {} }, { registry }));
    query.abort();
    await expect(a).rejects.toMatchObject({ message: 'Request cancelled' });
    expect(registry.size).toBe(0);
  });

  it('turns a time-out into a network rejection', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const registry = new CancelRegistry();
    const p = execute({ method: 'GET', url: '/a', headers: {} }, { registry, timeoutMs: 20_000 });
    const check = expect(p).rejects.toEqual({ code: 1024, message: '请求超时，请稍后重试' });
    await vi.advanceTimersByTimeAsync(20_000);
    await check;
    expect(registry.size).toBe(0);
  });
});
