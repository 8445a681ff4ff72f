import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, testApp, XHR, type TestApp } from '../../test/app';
import { ConfigError, loadConfig } from '../config';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '@yj/contracts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>阅卷</title>');
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc.js'), 'console.log(1)');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ WEB_DIST: webDir }, (app) => {
    app.get('/filter/test/crash', { config: { public: true } }, async () => {
      throw new Error('boom');
    });
    // A number a schema forgot to bound, reaching the database as an int4.
    app.get('/filter/test/overflow', { config: { public: true } }, async () => {
      await t.database.db.execute(sql`select ${'2147483648'}::int as n`);
    });
    // Unbounded on purpose: each of 100,000 items is wrong.
    app.post(
      '/filter/test/names',
      { config: { public: true }, schema: { body: z.object({ names: z.array(text()) }) } },
      async () => null,
    );
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('envelope and error handler', () => {
  it('reports health of the database and the queue', async () => {
    const b = body(await t.app.inject({ method: 'GET', url: '/filter/health' }));
    expect(b).toMatchObject({
      code: 0,
      data: { status: 'ok', db: 'ok', queue: { kind: 'memory', state: 'ok' } },
    });
  });

  it('turns a crash into 500 with a trace id that is also a response header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/test/crash' });
    expect(res.statusCode).toBe(500);
    const b = body(res);
    expect(b.code).toBe(1);
    expect(b.message).toBe('服务器内部错误，请稍后重试');
    expect(b.traceId).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers['x-trace-id']).toBe(b.traceId);
  });

  it('answers malformed JSON with code 1, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: '{"account": "a",',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 1, message: '请求内容不是合法的 JSON' });
  });

  it('names the field when a string stands where a number belongs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: XHR,
      payload: { account: 12, password: 'x' },
    });
    const b = body<Array<{ field: string }>>(res);
    expect(b.code).toBe(1);
    expect(b.data[0]?.field).toBe('account');
    expect(b.message).toMatch(/^参数错误：account /);
  });

  it('answers a data exception of the database as a parameter error, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/test/overflow' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('lists at most 20 field errors for 100,000 bad items', async () => {
    const names = Array.from({ length: 100_000 }, () => 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/test/names',
      headers: XHR,
      payload: { names },
    });
    const b = body<unknown[]>(res);
    expect(b.code).toBe(1);
    expect(b.data).toHaveLength(20);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 1, message: '上传内容过大' });
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 1, message: '接口不存在' });
  });
  it('answers a path segment too long for the router with the envelope, not an echo of the URL', async () => {
    const long = `secret${'x'.repeat(5000)}`;
    const res = await t.app.inject({ method: 'GET', url: `/filter/api/account/avatar/${long}` });
    expect(res.statusCode).toBe(414);
    expect(body(res)).toEqual({ code: 1, message: '请求地址过长', data: null });
    expect(res.body).not.toContain('secret');
  });

  it('answers a malformed percent-escape in the path with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/api/account/avatar/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 1, message: '请求地址无效', data: null });
  });
});

describe('web app serving', () => {
  it('serves the app for any path under /minions (history mode) and real assets as files', async () => {
    for (const url of ['/minions/', '/minions/login', '/minions/book/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>阅卷</title>');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/minions/assets/app-abc.js' });
    expect(asset.body).toBe('console.log(1)');
    expect((await t.app.inject({ method: 'GET', url: '/minions/assets/missing-123.js' })).statusCode).toBe(
      404,
    );
  });

  it('redirects the site root and other paths to the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/minions/');
  });
});

describe('capability declarations', () => {
  it('refuses to start when an API route names no capability', async () => {
    await expect(
      testApp({}, (app) => {
        app.get('/filter/api/forgotten', async () => 'x');
      }),
    ).rejects.toThrow(/names no capability/);
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(String((err as Error).message)).toMatch(/PORT/);
      expect(String((err as Error).message)).toMatch(/DATABASE_URL/);
    }
  });

  it('holds DEMO_PASSWORD to the password rule, with the demo account names', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'Demo@2026' })).toThrow(/DEMO_PASSWORD: 密码至少 10 位/);
    expect(() => loadConfig({ DEMO_PASSWORD: 'admin-demo-26' })).toThrow(
      /DEMO_PASSWORD: 密码不能包含账号或手机号/,
    );
    expect(loadConfig({ DEMO_PASSWORD: 'Demo@2026yj' }).demoPassword).toBe('Demo@2026yj');
  });

  it('wants all of the S3 settings or none', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT、S3_BUCKET/);
    const full = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'yj-files',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(full.s3).toMatchObject({ bucket: 'yj-files', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({}).s3).toBeNull();
  });

  it('seeds the demo only on the embedded database unless told otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', DEMO_DATA: 'true' }).seedDemo).toBe(true);
  });
});

describe('OpenAPI and rate limits', () => {
  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/filter/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    expect(doc.paths['/filter/yue/user/login']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/filter/api/school/getStatistics');
  });

  it('limits the sign-in family per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/filter/cas/passport/captcha/refresh',
            remoteAddress: '10.9.8.7',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
