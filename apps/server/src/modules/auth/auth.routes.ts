import type { FastifyInstance } from 'fastify';
import { authContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf, clearSessionCookies, metaOf, setSessionCookies } from '../../plugins/http';
import type { AuthService } from './auth.service';
import type { BindPhoneService } from './bind-phone.service';
import type { CaptchaService } from './captcha';
import type { ResetService } from './reset.service';
import type { ScanLoginService } from './scan-login.service';
import { serverUrlOf } from '../tool/scan-agent-package';

interface Deps {
  auth: AuthService;
  reset: ResetService;
  bindPhone: BindPhoneService;
  scanLogin: ScanLoginService;
  captcha: CaptchaService;
  sessionIdleMs: number;
  /** requests per minute per IP on the sign-in and SMS calls */
  loginRateLimit: number;
}

export function authRoutes(app: FastifyInstance, d: Deps): void {
  const on = contractRoutes(app);
  const limited = { rateLimit: { max: d.loginRateLimit, timeWindow: '1 minute' } };

  on(
    c.login,
    async ({ body }, req, reply) => {
      const { schoolId, ...res } = await d.auth.login(body, metaOf(req));
      setSessionCookies(reply, req, res.token, schoolId, d.sessionIdleMs);
      return res;
    },
    limited,
  );

  on(
    c.changePwdLogin,
    async ({ body }, req, reply) => {
      const { schoolId, ...res } = await d.auth.changePwdLogin(
        body.changeToken,
        body.newPassword,
        metaOf(req),
      );
      setSessionCookies(reply, req, res.token, schoolId, d.sessionIdleMs);
      return res;
    },
    limited,
  );

  on(c.bindPhoneCode, ({ body }) => d.bindPhone.sendCode(body.bindToken, body.phone), limited);

  on(
    c.bindPhoneLogin,
    async ({ body }, req, reply) => {
      const { schoolId, ...res } = await d.bindPhone.bind(body.bindToken, body.phone, body.code, metaOf(req));
      setSessionCookies(reply, req, res.token, schoolId, d.sessionIdleMs);
      return res;
    },
    limited,
  );

  on(
    c.scanLoginQr,
    (_in, req) => d.scanLogin.issue(metaOf(req), serverUrlOf(req.protocol, req.host)),
    limited,
  );

  // Polled every two seconds by the PC's page: not under the sign-in limit (the ticket is not guessable).
  on(c.scanLoginPoll, async ({ body }, req, reply) => {
    const r = await d.scanLogin.poll(body.ticket, metaOf(req));
    if (r.state !== 'signedIn') return r;
    const { schoolId, ...login } = r.login;
    setSessionCookies(reply, req, login.token, schoolId, d.sessionIdleMs);
    return { state: r.state, login };
  });

  on(c.scanLoginInfo, ({ body }) => d.scanLogin.info(body.code));
  on(c.scanLoginConfirm, async ({ body }, req) => {
    await d.scanLogin.confirm(body.code, authOf(req).userId, req.ip);
    return null;
  });
  on(c.scanLoginCancel, async ({ body }, req) => {
    await d.scanLogin.cancel(body.code, authOf(req).userId, req.ip);
    return null;
  });

  on(c.logout, async (_in, req, reply) => {
    const a = authOf(req);
    await d.auth.logout(a.sessionId, a.userId, metaOf(req));
    clearSessionCookies(reply);
    return null;
  });

  on(c.userInfo, (_in, req) => {
    const { userId, schoolId, principal } = authOf(req);
    const { userId: _, ...grants } = principal;
    return d.auth.getUserInfo(userId, schoolId, grants);
  });

  on(c.sendResetCode, ({ params }) => d.reset.sendCode(params.phone), limited);

  on(c.verifyMobile, ({ query }) => d.reset.verifyCode(query.phone, query.code), limited);

  on(
    c.resetPassword,
    async ({ query }, req) => {
      await d.reset.reset(query.phone, query.resetToken, query.password, req.ip);
      return null;
    },
    limited,
  );

  on(
    c.refreshCaptcha,
    async ({ query }) => {
      const captcha = await d.captcha.issue(query.verifyKey);
      return { verifyKey: captcha.verifyKey, url: captcha.url };
    },
    limited,
  );
}
