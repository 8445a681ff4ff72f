import { beforeEach, describe, expect, it, vi } from 'vitest';

const modal = { error: vi.fn(), warning: vi.fn() };
vi.mock('../app/ui-bridge', () => ({ uiApi: () => ({ modal, message: {}, notification: {} }) }));

const { handleApiError } = await import('./handle-error');
const { registerSessionHandlers } = await import('./session');
const { captchaStore } = await import('../features/captcha/captcha-store');
const { lastErrorList } = await import('./error-list');

beforeEach(() => {
  modal.error.mockClear();
  modal.warning.mockClear();
  captchaStore.close();
});

describe('handleApiError (spec §8)', () => {
  it('1000/1001 clear the cookies and go to login once, without a dialog', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const reset = vi.fn();
    registerSessionHandlers(navigate, reset);
    document.cookie = 'schoolId=1; path=/';
    handleApiError({ code: 1001, message: '登录已过期', data: null });
    handleApiError({ code: 1, errorCode: 1000, message: '请先登录', data: null });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain('schoolId=1');
    expect(modal.error).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
  });

  it('shows a 410 px 出错了 dialog with the Chinese message', () => {
    handleApiError({ code: 1, message: '原密码不正确', data: null });
    expect(modal.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '出错了', content: '原密码不正确', width: 410 }),
    );
  });

  it('appends the trace id under 出错了 for server faults', () => {
    handleApiError({ code: 500, data: { code: 500, message: '服务器内部错误', traceId: 'T-9' } });
    expect(modal.error).toHaveBeenCalledWith(
      expect.objectContaining({ title: '出错了', content: '服务器内部错误（错误编号：T-9）' }),
    );
  });

  it('shows the SMS quota text for errCode 2000', () => {
    handleApiError({ code: 2000, message: 'x', data: null });
    expect(modal.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: '该手机号今日验证码次数已用完，请明天再试' }),
    );
  });

  it('fills the error list from array data', () => {
    const errors = [{ field: 'newPassword', message: '密码需为 8-20 位，且同时包含字母和数字' }];
    handleApiError({ code: 1, message: '参数错误', data: errors });
    expect(lastErrorList()).toEqual(errors);
    expect(modal.warning).toHaveBeenCalledWith(
      expect.objectContaining({ title: '请检查填写内容', width: 410 }),
    );
  });

  it('opens the picture captcha and hands the answer to the caller', async () => {
    const onCaptcha = vi.fn();
    handleApiError(
      {
        code: 1,
        message: '用户名或密码错误',
        data: { captchaType: 'picture', verifyKey: 'k1', url: 'data:image/svg+xml;base64,AA' },
      },
      { onCaptcha },
    );
    const open = captchaStore.snapshot();
    expect(open).toMatchObject({ type: 'picture', verifyKey: 'k1' });
    if (open?.type !== 'picture') throw new Error('no dialog');
    open.resolve({ verifyKey: 'k1', captcha: 'ab12' });
    await Promise.resolve();
    expect(onCaptcha).toHaveBeenCalledWith({ verifyKey: 'k1', captcha: 'ab12' });
  });

  it('opens the SMS code dialog for phoneCaptcha', () => {
    handleApiError(
      { code: 1, message: '请输入短信验证码', data: { captchaType: 'phoneCaptcha' } },
      { onPhoneCode: vi.fn() },
    );
    expect(captchaStore.snapshot()).toMatchObject({ type: 'phone', text: '请输入短信验证码' });
  });

  it('shows nothing for cancelled calls', () => {
    handleApiError({
      cancelled: true,
      message: 'Request cancelled',
      reason: '切换考试或科目，已取消未完成的请求',
    });
    expect(modal.error).not.toHaveBeenCalled();
  });
});
