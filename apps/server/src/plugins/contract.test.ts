import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, FAILURES, idParam, noData } from '@yj/contracts';
import { fail } from '../errors';
import { testApp, XHR, type TestApp } from '../../test/app';
import { CheckedJson, contractRoutes } from './contract';

const item = z.object({ id: z.number(), name: z.string() });
// contracts of this test only, answered by handlers that keep or break them
const echo = defineRoute({
  method: 'POST',
  path: '/filter/test/contract/:id',
  access: 'public',
  params: z.object({ id: idParam() }),
  query: z.object({ tag: z.string().max(10).optional() }),
  body: z.object({ name: z.string().max(20) }),
  response: item,
});
const broken = defineRoute({ method: 'GET', path: '/filter/test/broken', access: 'public', response: item });
const refused = defineRoute({
  method: 'GET',
  path: '/filter/test/refused',
  access: 'public',
  response: noData,
});

const stored = defineRoute({ method: 'GET', path: '/filter/test/stored', access: 'public', response: item });

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, (app) => {
    const on = contractRoutes(app);
    // a secret the contract does not name must not leave
    on(echo, async ({ params, query, body }) => ({
      id: params.id,
      name: `${body.name}${query.tag ?? ''}`,
      secret: 'x',
    }));
    on(broken, async () => ({ id: 'one', name: 'wrong' }) as unknown as { id: number; name: string });
    on(refused, async () => {
      throw fail('forbidden');
    });
    on(stored, async () => new CheckedJson('{"id":3,"name":"乙"}'));
  });
});
afterAll(() => t.close());

describe('route contracts', () => {
  it('validates the request, answers the envelope with data of its schema, keys it does not name dropped', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/test/contract/7?tag=!',
      headers: XHR,
      payload: { name: '甲' },
    });
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { id: 7, name: '甲!' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/filter/test/contract/0',
      headers: XHR,
      payload: { name: '甲' },
    });
    expect(bad.json()).toMatchObject({ code: 1 });
  });

  it('answers a business error as it is (with its kind’s errCode), and a broken answer as a server error, never as data', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/filter/test/refused' })).json()).toEqual({
      code: 1,
      message: '无权限',
      data: null,
      errCode: FAILURES.forbidden.errCode,
    });
    const res = await t.app.inject({ method: 'GET', url: '/filter/test/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('wrong');
  });

  it('sends text already made from the contract as it is, inside the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/test/stored' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"code":0,"message":"success","data":{"id":3,"name":"乙"}}');
  });

  it('documents the answer in OpenAPI beside the request', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/filter/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const answer = JSON.stringify(doc.paths['/filter/api/home/exams']?.post?.responses?.['200']);
    expect(answer).toContain('gradeName');
    expect(JSON.stringify(doc.paths['/filter/test/contract/{id}']?.post?.responses)).toContain('name');
  });
});
