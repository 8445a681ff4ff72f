import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, testApp, XHR, type TestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import { redactUrl } from './log-redact';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, undefined, pino({ level: 'trace' }, sink));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/filter${url}` });

describe('request log', () => {
  it('never holds the new password, the reset token or the SMS code of a reset', async () => {
    const u = await buildUser(t.database.db);
    const phone = u.phone!;
    await get(`/password/mobile/${phone}`);
    const code = t.sms.at(-1)!.text.match(/\d{6}/)![0];
    const verified = body<{ resetToken: string }>(await get(`/verify/mobile?phone=${phone}&code=${code}`));
    const resetToken = verified.data.resetToken;
    const newPassword = 'Secret-Reset-2026';
    const res = await get(
      `/password/reset?phone=${phone}&resetToken=${encodeURIComponent(resetToken)}&password=${newPassword}`,
    );
    expect(body(res).code).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login?password=In-The-Query-1',
      headers: XHR,
      payload: { account: u.account, password: newPassword },
    });

    const log = lines.join('');
    // the request lines are there, with the path and the harmless parameters
    expect(log).toContain('/filter/password/reset?phone=');
    expect(log).toContain('password=***');
    for (const secret of [newPassword, resetToken, encodeURIComponent(resetToken), code, 'In-The-Query-1'])
      expect(log).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('keeps the path and plain parameters, hides secret-looking ones', () => {
    expect(redactUrl('/filter/api/exam/1')).toBe('/filter/api/exam/1');
    expect(redactUrl('/filter/verify/mobile?phone=13800000000&code=123456')).toBe(
      '/filter/verify/mobile?phone=13800000000&code=***',
    );
    expect(redactUrl('/x?examId=3&newPwd=a&verifyKey=b&yx_sid=c')).toBe(
      '/x?examId=3&newPwd=***&verifyKey=***&yx_sid=***',
    );
  });
});
