import sharp from 'sharp';
import jsQR from 'jsqr';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scanLogin } from '../../db/schema';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildUser, signInAs } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const pc = (url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/filter${url}`,
    headers: { ...XHR, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36' },
    ...(payload ? { payload } : {}),
  });
const newQr = async () =>
  body<{ ticket: string; url: string; qr: string; expiresIn: number }>(await pc('/api/anno/scanLogin/qrcode'))
    .data;
const codeOf = (url: string) => new URL(url).searchParams.get('code')!;

describe('扫码登录', () => {
  it('the QR reads back as the confirm page; the phone confirms; the PC is signed in once, as the phone', async () => {
    const u = await buildUser(t.database.db);
    const phone = await signInAs(t, u);
    const qr = await newQr();
    expect(qr.expiresIn).toBe(120);
    const svg = Buffer.from(qr.qr.split(',')[1]!, 'base64');
    const { data, info } = await sharp(svg, { density: 300 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(qr.url);
    expect(qr.url).toMatch(/\/minions\/scan-login\?code=/);
    const code = codeOf(qr.url);

    expect(body(await pc('/api/anno/scanLogin/poll', { ticket: qr.ticket })).data).toEqual({
      state: 'waiting',
    });
    const info2 = body<{ pcBrowser: string }>(await phone.post('/filter/api/scanLogin/info', { code }));
    expect(info2.data.pcBrowser).toBe('Windows 上的 Chrome');
    expect(body(await phone.post('/filter/api/scanLogin/confirm', { code })).code).toBe(0);
    // a second confirm (or another phone) finds it used
    expect(body(await phone.post('/filter/api/scanLogin/confirm', { code })).errCode).toBe(12123);

    const signed = await pc('/api/anno/scanLogin/poll', { ticket: qr.ticket });
    const b = body<{ state: string; login: { token: string; user: { id: number } } }>(signed);
    expect(b.data.state).toBe('signedIn');
    expect(b.data.login.user.id).toBe(u.id);
    expect(String(signed.headers['set-cookie'])).toMatch(/yx_sid=/);
    const me = await t.app.inject({
      method: 'POST',
      url: '/filter/api/user/getUserInfo',
      headers: { ...XHR, cookie: `yx_sid=${b.data.login.token}` },
    });
    expect(body<{ id: number }>(me).data.id).toBe(u.id);
    // never reusable
    expect(body(await pc('/api/anno/scanLogin/poll', { ticket: qr.ticket })).data).toEqual({
      state: 'expired',
    });
    const audit = await t.database.db.select().from(auditLog).where(like(auditLog.action, 'auth.scanLogin%'));
    expect(
      audit
        .filter((a) => a.userId === u.id)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['auth.scanLogin', 'auth.scanLogin.confirm']);
  });

  it('expires: an old QR can be neither confirmed nor redeemed', async () => {
    const u = await buildUser(t.database.db);
    const phone = await signInAs(t, u);
    const qr = await newQr();
    const code = codeOf(qr.url);
    await t.database.db
      .update(scanLogin)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(scanLogin.pcIp, '127.0.0.1'));
    expect(body(await phone.post('/filter/api/scanLogin/confirm', { code })).errCode).toBe(12122);
    expect(body(await pc('/api/anno/scanLogin/poll', { ticket: qr.ticket })).data).toEqual({
      state: 'expired',
    });
  });

  it('the phone can turn it down; the code alone never signs in; a PC without a session cannot confirm', async () => {
    const u = await buildUser(t.database.db);
    const phone = await signInAs(t, u);
    const qr = await newQr();
    const code = codeOf(qr.url);
    // the code seen on the screen is not the ticket
    expect(body(await pc('/api/anno/scanLogin/poll', { ticket: code })).data).toEqual({ state: 'expired' });
    expect(body(await pc('/api/scanLogin/confirm', { code })).code).toBe(1000);
    expect(body(await phone.post('/filter/api/scanLogin/cancel', { code })).code).toBe(0);
    expect(body(await pc('/api/anno/scanLogin/poll', { ticket: qr.ticket })).data).toEqual({
      state: 'cancelled',
    });
    expect(body(await phone.post('/filter/api/scanLogin/confirm', { code })).errCode).toBe(12123);
    expect(body(await phone.post('/filter/api/scanLogin/confirm', { code: 'short' })).code).not.toBe(0);
  });
});
