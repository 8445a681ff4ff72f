import { describe, expect, it } from 'vitest';
import { readLoginRefusal } from './login-outcome';

describe('readLoginRefusal', () => {
  it('wrong password shows 用户名或密码错误', () => {
    expect(readLoginRefusal({ code: 1, message: '用户名或密码错误', data: null })).toEqual({
      kind: 'error',
      text: '用户名或密码错误',
    });
  });

  it('a captcha challenge asks for the picture', () => {
    expect(
      readLoginRefusal({
        code: 1,
        message: '请输入图形验证码',
        data: { captchaType: 'picture', verifyKey: 'k', url: 'data:image/svg+xml;base64,AA' },
      }),
    ).toEqual({
      kind: 'captcha',
      text: '请输入图形验证码',
    });
  });

  it('an account without a phone carries the bind ticket (captchaType bindPhone)', () => {
    expect(
      readLoginRefusal({
        code: 1,
        errCode: 12120,
        message: '账号尚未绑定手机号，请绑定后登录',
        data: { captchaType: 'bindPhone', bindToken: 'bind-1234567890' },
      }),
    ).toEqual({ kind: 'bindPhone', bindToken: 'bind-1234567890', text: '账号尚未绑定手机号，请绑定后登录' });
  });

  it('first sign-in carries the change token', () => {
    expect(
      readLoginRefusal({
        code: 1,
        message: '首次登录请修改密码',
        data: { needChangePwd: true, changeToken: 'tok-1234567890' },
      }),
    ).toMatchObject({
      kind: 'changePassword',
      changeToken: 'tok-1234567890',
    });
  });

  it('a server crash shows its trace id; no network shows the network text', () => {
    expect(
      readLoginRefusal({ code: 500, data: { code: 500, message: '服务器内部错误', traceId: 'T1' } }).text,
    ).toBe('服务器内部错误（错误编号：T1）');
    expect(readLoginRefusal({ code: 1024, message: '网络连接异常，请检查网络后重试' }).text).toBe(
      '网络连接异常，请检查网络后重试',
    );
  });
});
