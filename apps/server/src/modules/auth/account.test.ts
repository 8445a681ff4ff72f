import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { body, signIn, XHR } from '../../../test/app';
import {
  buildSchool,
  buildSchoolAdmin,
  buildTeacher,
  buildUser,
  PASSWORD,
  signInAs,
} from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----yjtestboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /api/account/password/change', () => {
  it('checks the old password, keeps this session and ends the others', async () => {
    const u = await buildUser(t.database.db);
    const here = await signInAs(t, u);
    const elsewhere = await signInAs(t, u);
    expect(
      body(
        await here.post('/filter/api/account/password/change', {
          oldPassword: 'wrong-one1',
          newPassword: 'Better2026',
        }),
      ).message,
    ).toBe('原密码错误');
    const weak = body<Array<{ field: string }>>(
      await here.post('/filter/api/account/password/change', {
        oldPassword: PASSWORD,
        newPassword: 'abcdefgh',
      }),
    );
    expect(weak.data[0]?.field).toBe('newPassword');
    const change = async (newPassword: string) =>
      body(await here.post('/filter/api/account/password/change', { oldPassword: PASSWORD, newPassword }))
        .message;
    // the old 8–20 rule let the first three through, and refused the passphrase
    expect(await change('aaaaaaa1')).toBe('参数错误：newPassword 密码至少 10 位');
    expect(await change('password1234')).toBe('参数错误：newPassword 密码过于常见，容易被猜到，请换一个');
    expect(await change('a1a1a1a1a1a1')).toBe('参数错误：newPassword 密码不能是重复或连续的字符');
    expect(await change(`my-phone-${u.phone}`)).toBe('密码不能包含账号或手机号');
    expect(await change('x'.repeat(65))).toBe('参数错误：newPassword 密码不能超过 64 位');
    expect(
      body(
        await here.post('/filter/api/account/password/change', {
          oldPassword: PASSWORD,
          newPassword: 'Better2026',
        }),
      ).code,
    ).toBe(0);
    expect(body(await here.post('/filter/api/user/getUserInfo')).code).toBe(0);
    expect(body(await elsewhere.post('/filter/api/user/getUserInfo')).code).toBe(1001);
    await expect(signInAs(t, u)).rejects.toThrow();
    await signIn(t.app, u.account, 'Better2026');
  });
});

describe('POST /api/account/avatar/upload', () => {
  it('stores an image as a 256 px WebP and serves it back', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const m = multipart('me.png', 'image/png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/api/account/avatar/upload',
      headers: { ...XHR, cookie: c.cookie, ...m.headers },
      payload: m.payload,
    });
    const b = body<{ avatarUrl: string }>(res);
    expect(b.code).toBe(0);
    const img = await c.get(b.data.avatarUrl);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: 256, height: 256, format: 'webp' });
    expect(body<{ avatarUrl: string }>(await c.post('/filter/api/user/getUserInfo')).data.avatarUrl).toBe(
      b.data.avatarUrl,
    );
  });

  it('serves an avatar to the user, colleagues of a shared school and system admins only', async () => {
    const a = await buildSchool(t.database.db);
    const b = await buildSchool(t.database.db);
    const owner = await buildTeacher(t.database.db, a.id);
    const c = await signInAs(t, owner);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc3366' } })
      .png()
      .toBuffer();
    const m = multipart('me.png', 'image/png', png);
    const up = await t.app.inject({
      method: 'POST',
      url: '/filter/api/account/avatar/upload',
      headers: { ...XHR, cookie: c.cookie, ...m.headers },
      payload: m.payload,
    });
    const url = body<{ avatarUrl: string }>(up).data.avatarUrl;
    const viewer = async (u: { account: string }) => (await signInAs(t, u)).get(url);

    expect((await c.get(url)).headers['content-type']).toBe('image/webp');
    const colleague = await viewer(await buildTeacher(t.database.db, a.id));
    expect(colleague.headers['content-type']).toBe('image/webp');
    const ownAdmin = await viewer(await buildSchoolAdmin(t.database.db, a.id));
    expect(ownAdmin.headers['content-type']).toBe('image/webp');
    const sysAdmin = await viewer(await buildUser(t.database.db, { isAdmin: true }));
    expect(sysAdmin.headers['content-type']).toBe('image/webp');

    for (const stranger of [
      await buildSchoolAdmin(t.database.db, b.id),
      await buildTeacher(t.database.db, b.id),
      await buildUser(t.database.db),
    ]) {
      const res = await viewer(stranger);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(body(res)).toMatchObject({ code: 1, message: '无权限' });
    }
  });

  it('refuses a file that is not an image, and one over 2 MB', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const fake = multipart('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/filter/api/account/avatar/upload',
      headers: { ...XHR, cookie: c.cookie, ...fake.headers },
      payload: fake.payload,
    });
    expect(body(r1)).toMatchObject({ code: 1, message: '头像必须是 JPG、PNG、WebP 或 GIF 图片' });
    const big = multipart('big.png', 'image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/filter/api/account/avatar/upload',
      headers: { ...XHR, cookie: c.cookie, ...big.headers },
      payload: big.payload,
    });
    expect(body(r2)).toMatchObject({ code: 1, message: '头像图片不能超过 2 MB' });
  });

  it('requires a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/filter/api/account/avatar/upload',
      headers: XHR,
    });
    expect(body(res).code).toBe(1000);
  });
});
