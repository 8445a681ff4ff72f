import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, homeContract, idParam, noData } from '@yj/contracts';
import { callRoute } from './contract';
import { stubFetch } from './fetch-stub';

const { calls, answer } = stubFetch();

const remove = defineRoute({
  method: 'DELETE',
  path: '/api/thing/:id',
  access: 'exam.manage',
  params: z.object({ id: idParam() }),
  query: z.object({ force: z.boolean() }),
  body: z.object({ ids: z.array(z.number()).max(10) }),
  response: noData,
});

describe('callRoute', () => {
  it('fills the path, sends the body with the XHR header and answers data', async () => {
    answer({ code: 0, message: 'success', data: { total: 0, size: 20, items: [] } });
    await expect(callRoute(homeContract.exams, { body: { page: 2 } })).resolves.toEqual({
      total: 0,
      size: 20,
      items: [],
    });
    expect(calls[0]?.url).toBe('/filter/api/home/exams');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"page":2}');
    expect((calls[0]?.init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('answers null as null (not the envelope) and puts a DELETE query in the address, the body as body', async () => {
    answer({ code: 0, message: 'success', data: null });
    await expect(
      callRoute(remove, { params: { id: 3 }, query: { force: true }, body: { ids: [1] } }),
    ).resolves.toBeNull();
    expect(calls[0]?.url).toBe('/filter/api/thing/3?force=true');
    expect(calls[0]?.init.body).toBe('{"ids":[1]}');
  });

  it('rejects with the envelope on a business failure', async () => {
    answer({ code: 1, message: '不可以', data: null });
    await expect(callRoute(homeContract.markRead, { params: { id: 1 } })).rejects.toMatchObject({ code: 1 });
  });
});
