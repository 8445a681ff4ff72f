import { describe, expect, it } from 'vitest';
import { FAILURES } from '@yj/contracts';
import { classifyError } from './classify-error';
import { failureOf } from './errors';

describe('global error classification (spec §8)', () => {
  it('cancelled calls show nothing', () => {
    expect(classifyError({ cancelled: true, message: 'Request cancelled', reason: 'x' })).toEqual({
      kind: 'silent',
    });
  });

  it('1000/1001, also as errorCode of code 1, end the session', () => {
    expect(classifyError({ code: 1000, message: '请先登录', data: null }).kind).toBe('session');
    expect(classifyError({ code: 1001, message: '登录已过期', data: null }).kind).toBe('session');
    expect(classifyError({ code: 1, errorCode: 1001, message: 'x', data: null }).kind).toBe('session');
    expect(classifyError({ code: 401, data: { code: 1000, message: '请先登录', data: null } }).kind).toBe(
      'session',
    );
  });

  it('array data fills the error list', () => {
    const errors = [{ field: 'size', message: 'size 须为数字' }];
    expect(classifyError({ code: 1, message: '参数错误', data: errors })).toEqual({
      kind: 'fieldErrors',
      errors,
    });
  });

  it('errCode 2000 shows the daily quota text', () => {
    expect(classifyError({ code: 2000, errCode: 2000, message: 'quota', data: null })).toEqual({
      kind: 'smsQuota',
      text: '该手机号今日验证码次数已用完，请明天再试',
    });
  });

  it('a data url opens the picture captcha, phoneCaptcha the code dialog', () => {
    const pic = classifyError({
      code: 1,
      message: '用户名或密码错误',
      data: { captchaType: 'picture', verifyKey: 'k', url: 'data:image/svg+xml;base64,AA' },
    });
    expect(pic).toMatchObject({
      kind: 'pictureCaptcha',
      verifyKey: 'k',
      text: '用户名或密码错误',
      warn: true,
    });
    // the kind that only asks for the captcha adds no warning above the picture
    const ask = classifyError({
      code: 1,
      message: '请输入图形验证码',
      data: { captchaType: 'picture', verifyKey: 'k', url: 'data:image/svg+xml;base64,AA' },
      errCode: FAILURES.pictureCaptchaRequired.errCode,
    });
    expect(ask).toMatchObject({ kind: 'pictureCaptcha', warn: false });
    expect(
      classifyError({ code: 1, message: '需要短信验证', data: { captchaType: 'phoneCaptcha' } }).kind,
    ).toBe('phoneCaptcha');
  });

  it('prefers Chinese data text, then Chinese message, else a default, titled 出错了', () => {
    expect(classifyError({ code: 1, message: '旧密码不正确', data: '原密码错误' })).toEqual({
      kind: 'alert',
      title: '出错了',
      text: '原密码错误',
    });
    expect(classifyError({ code: 1, message: '旧密码不正确', data: null })).toEqual({
      kind: 'alert',
      title: '出错了',
      text: '旧密码不正确',
    });
    expect(classifyError({ code: 1, message: 'Bad Request', data: null })).toEqual({
      kind: 'alert',
      title: '出错了',
      text: '操作未成功，请稍后重试',
    });
    expect(classifyError({ code: 1024, message: '网络连接异常，请检查网络后重试' })).toMatchObject({
      text: '网络连接异常，请检查网络后重试',
    });
  });

  it('a trace id gives 出错了 for server faults, 提示 otherwise', () => {
    expect(
      classifyError({ code: 500, data: { code: 500, message: '服务器内部错误', traceId: 'abc' } }),
    ).toEqual({
      kind: 'alert',
      title: '出错了',
      text: '服务器内部错误',
      traceId: 'abc',
    });
    expect(classifyError({ code: 1, message: '操作失败', traceId: 'def', data: null })).toMatchObject({
      title: '提示',
      traceId: 'def',
    });
  });

  it('recognises the subject-state refusal by its kind as a notice rather than a fault', () => {
    const { errCode } = FAILURES.subjectStateForbids;
    expect(classifyError({ code: 1, message: '当前科目状态不允许此操作', data: null, errCode })).toEqual({
      kind: 'alert',
      title: '提示',
      text: '当前科目状态不允许此操作',
    });
    const named = FAILURES.subjectStateForbidsNamed.errCode;
    expect(
      classifyError({ code: 1, message: '语文：当前科目状态不允许此操作', data: null, errCode: named }),
    ).toMatchObject({ title: '提示', text: '语文：当前科目状态不允许此操作' });
    // the text alone decides nothing: another failure with the same words is a fault
    expect(classifyError({ code: 1, message: '当前科目状态不允许此操作', data: null })).toMatchObject({
      title: '出错了',
    });
  });

  it('reads the failure kind from the envelope or an HTTP error body, never from the text', () => {
    const { errCode } = FAILURES.forbidden;
    expect(failureOf({ code: 1, message: '无权限', data: null, errCode })).toBe('forbidden');
    expect(failureOf({ code: 403, data: { code: 1, message: '无权限', data: null, errCode } })).toBe(
      'forbidden',
    );
    expect(failureOf({ code: 1, message: '无权限', data: null })).toBeUndefined();
    expect(failureOf({ code: 1, message: '无权限', data: null, errCode: 2000 })).toBeUndefined();
    expect(failureOf(new Error('无权限'))).toBeUndefined();
  });

  it('explains a rate-limited call in Chinese', () => {
    expect(
      classifyError({
        code: 429,
        data: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' },
      }),
    ).toEqual({
      kind: 'alert',
      title: '出错了',
      text: '操作过于频繁，请稍后再试',
    });
  });
});
