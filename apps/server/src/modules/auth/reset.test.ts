import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCode } from '../../db/schema';
import { body, signIn, testApp, type TestApp } from '../../../test/app';
import { buildUser, signInAs } from '../../../test/factories';
import { startOfChinaDay } from './reset.service';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ SMS_DAILY_LIMIT: '2' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/filter${url}` });
/** Pretends the last code was sent over a minute ago, so the resend wait does not apply. */
const age = (phone: string) =>
  t.database.db
    .update(smsCode)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(smsCode.phone, phone));

describe('forgot password by phone', () => {
  it('sends a code, verifies it, resets the password, and old sessions end', async () => {
    const u = await buildUser(t.database.db);
    const phone = u.phone!;
    const old = await signInAs(t, u);
    expect(body(await get(`/password/mobile/${phone}`)).data).toEqual({ expiresIn: 300 });
    const code = t.sms.at(-1)!.text.match(/\d{6}/)![0];
    expect(t.sms.at(-1)!.phone).toBe(phone);
    expect(body(await get(`/verify/mobile?phone=${phone}&code=000000`)).message).toMatch(/验证码错误|已失效/);
    const verified = body<{ resetToken: string }>(await get(`/verify/mobile?phone=${phone}&code=${code}`));
    expect(verified.code).toBe(0);
    const refused = await get(
      `/password/reset?phone=${phone}&resetToken=${verified.data.resetToken}&password=password1`,
    );
    expect(body(refused).message).toBe('参数错误：password 密码至少 10 位');
    const mine = await get(
      `/password/reset?phone=${phone}&resetToken=${verified.data.resetToken}&password=${phone}ab`,
    );
    expect(body(mine).message).toBe('密码不能包含账号或手机号');
    // a refused password leaves the reset token usable
    const reset = await get(
      `/password/reset?phone=${phone}&resetToken=${verified.data.resetToken}&password=Reset2026x`,
    );
    expect(body(reset).code).toBe(0);
    expect(
      body(
        await get(
          `/password/reset?phone=${phone}&resetToken=${verified.data.resetToken}&password=Again2026x`,
        ),
      ).message,
    ).toBe('重置凭证已失效，请重新验证手机号');
    await signIn(t.app, u.account, 'Reset2026x');
    expect(body(await old.post('/filter/api/user/getUserInfo')).code).toBe(1001);
  });

  it('makes the user wait a minute between codes, and stops at the daily limit with code 2000', async () => {
    const u = await buildUser(t.database.db);
    const phone = u.phone!;
    expect(body(await get(`/password/mobile/${phone}`)).code).toBe(0);
    expect(body(await get(`/password/mobile/${phone}`)).message).toMatch(
      /^验证码发送过于频繁，请 \d+ 秒后再试$/,
    );
    await age(phone);
    expect(body(await get(`/password/mobile/${phone}`)).code).toBe(0);
    await age(phone);
    const third = body(await get(`/password/mobile/${phone}`));
    expect(third).toMatchObject({
      code: 2000,
      errCode: 2000,
      message: '该手机号今日验证码次数已用完，请明天再试',
    });
  });

  it('answers an unregistered phone the same way but sends nothing', async () => {
    const before = t.sms.length;
    expect(body(await get('/password/mobile/13312345678')).code).toBe(0);
    expect(t.sms.length).toBe(before);
  });

  it('rejects a malformed phone with the field named', async () => {
    const b = body<Array<{ field: string; message: string }>>(await get('/password/mobile/12345'));
    expect(b.code).toBe(1);
    expect(b.data[0]).toMatchObject({ field: 'phone', message: '手机号格式不正确' });
  });

  it('counts the quota from midnight in China', () => {
    // 2026-11-22 01:00 China time is 2026-11-21 17:00 UTC
    expect(startOfChinaDay(new Date('2026-11-21T17:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(startOfChinaDay(new Date('2026-11-21T15:59:00Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
  });
});
