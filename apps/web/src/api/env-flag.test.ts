import { afterEach, describe, expect, it } from 'vitest';
import { authContract, FAILURES, homeContract, type EnvFlag } from '@yj/contracts';
import { callRoute } from './contract';
import { classifyError } from './classify-error';
import { envFlagStore, registerEnvFlagReader } from './env-flag';
import { failureOf } from './errors';
import { stubFetch } from './fetch-stub';
import { api } from './filter';

const { calls, answer } = stubFetch();

const flag = (readOnly: boolean): EnvFlag => ({
  message: '系统升级维护中',
  until: null,
  readOnly,
  since: '2026-11-29T08:00:00.000Z',
});

afterEach(() => {
  envFlagStore.set(null);
  envFlagStore.setExempt(false);
  registerEnvFlagReader(() => undefined);
});

describe('系统维护 in the API client (spec §7: rejected at once)', () => {
  it("read-only: a write is rejected without being sent, with the flag's kind and message; reads go", async () => {
    envFlagStore.set(flag(true));
    answer({ code: 0, message: 'success', data: null });
    const refused = await callRoute(authContract.changePassword, {
      body: { oldPassword: 'a', newPassword: 'b' },
    } as never).catch((e: unknown) => e);
    expect(calls).toHaveLength(0);
    expect(failureOf(refused)).toBe('envFlagWritesPaused');
    expect(refused).toMatchObject({ code: 1, message: expect.stringContaining('系统升级维护中') });
    expect(classifyError(refused)).toMatchObject({ kind: 'maintenance' });
    await expect(api.post('/api/thing/save', {})).rejects.toMatchObject({
      errCode: FAILURES.envFlagWritesPaused.errCode,
    });
    expect(calls).toHaveLength(0);
    // a GET and a POST contract marked reads are sent
    await api.get('/api/thing');
    answer({ code: 0, message: 'success', data: { total: 0, size: 20, items: [] } });
    await callRoute(homeContract.exams, { body: { page: 1 } });
    expect(calls.map((c) => c.url)).toEqual(['/filter/api/thing', '/filter/api/home/exams']);
  });

  it('closed: reads are refused too, but signing in, the flag itself and who-am-I go', async () => {
    envFlagStore.set(flag(false));
    answer({ code: 0, message: 'success', data: {} });
    await expect(api.get('/api/thing')).rejects.toMatchObject({ errCode: FAILURES.envFlagClosed.errCode });
    await callRoute(homeContract.envFlag, {});
    await callRoute(authContract.login, { body: { account: 'a', password: 'b' } } as never).catch(() => null);
    await callRoute(authContract.userInfo, {}).catch(() => null);
    expect(calls.map((c) => c.url)).toEqual([
      '/filter/api/anno/envFlag',
      '/filter/yue/user/login',
      '/filter/api/user/getUserInfo',
    ]);
  });

  it('the system administrator is never held back', async () => {
    envFlagStore.set(flag(false));
    envFlagStore.setExempt(true);
    answer({ code: 0, message: 'success', data: null });
    await api.post('/api/admin/envFlag/clear', {});
    expect(calls).toHaveLength(1);
  });

  it('a refusal by the server (a flag not read yet) brings its flag at once and has it read again', async () => {
    let readAgain = 0;
    registerEnvFlagReader(() => readAgain++);
    answer({
      code: 1,
      message: '系统升级维护中（维护期间只能查看，暂不能保存或提交）',
      errCode: FAILURES.envFlagWritesPaused.errCode,
      data: flag(true),
    });
    await expect(api.post('/api/thing/save', {})).rejects.toMatchObject({ code: 1 });
    expect(envFlagStore.get()).toMatchObject({ readOnly: true, message: '系统升级维护中' });
    expect(readAgain).toBe(1);
    // the next write is not sent at all
    await expect(api.post('/api/thing/save', {})).rejects.toMatchObject({ code: 1 });
    expect(calls).toHaveLength(1);
  });
});
