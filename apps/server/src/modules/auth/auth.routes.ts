import type { FastifyInstance } from 'fastify';
import { authContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf, clearSessionCookies, metaOf, setSessionCookies } from '../../plugins/http';
import type { AuthService } from './auth.service';
import type { CaptchaService } from './captcha';
import type { ResetService } from './reset.service';

interface Deps {
  auth: AuthService;
  reset: ResetService;
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

  on(c.logout, async (_in, req, reply) => {
    const a = authOf(req);
    await d.auth.logout(a.sessionId, a.userId, metaOf(req));
    clearSessionCookies(reply);
    return null;
  });

  on(c.userInfo, (_in, req) => {
    const a = authOf(req);
    return d.auth.getUserInfo(a.userId, a.schoolId);
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
