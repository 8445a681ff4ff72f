import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { otherSchoolAdmin } from '../../../test/school-scene';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/filter${url}`, headers: { 'x-requested-with': 'XMLHttpRequest' } });

describe('the portal QR of a school and login-user-info', () => {
  it("gives the school's staff a QR of its portal sign-in; the sign-in reads the school from it", async () => {
    const s = await buildSchool(t.database.db, { name: '二维码中学' });
    const admin = await buildSchoolAdmin(t.database.db, s.id);
    const teacher = await buildTeacher(t.database.db, s.id);
    for (const u of [admin, teacher]) {
      const c = await signInAs(t, u);
      const r = body<{ schoolName: string; url: string; qr: string }>(
        await c.get(`/filter/api/school/${s.id}/portal/qrcode`),
      );
      expect(r.code).toBe(0);
      expect(r.data.schoolName).toBe('二维码中学');
      expect(r.data.url).toMatch(
        new RegExp(`^http://localhost(:80)?/minions/portal/login\\?school=${s.id}$`),
      );
      expect(r.data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    const info = body<{ school: { id: number; name: string } | null }>(
      await get(`/api/portal/login-user-info?school=${s.id}`),
    );
    expect(info.data.school).toEqual({ id: s.id, name: '二维码中学' });
    expect(body(await get('/api/portal/login-user-info?school=999999')).data).toEqual({ school: null });
    expect(body(await get('/api/portal/login-user-info?school=abc')).code).not.toBe(0);
  });

  it("refuses another school's staff", async () => {
    const s = await buildSchool(t.database.db);
    const c = await otherSchoolAdmin(t);
    expect(body(await c.get(`/filter/api/school/${s.id}/portal/qrcode`)).code).not.toBe(0);
    const nobody = await buildUser(t.database.db);
    const n = await signInAs(t, nobody);
    expect(body(await n.get(`/filter/api/school/${s.id}/portal/qrcode`)).code).not.toBe(0);
  });
});
