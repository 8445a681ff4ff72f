import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@yj/contracts';
import {
  changePwdLoginRequest,
  loginRequest,
  phone,
  resetPasswordQuery,
  verifyMobileQuery,
} from '@yj/contracts';
import { authOf, clearSessionCookies, metaOf, ok, setSessionCookies } from '../../plugins/http';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: d.loginRateLimit, timeWindow: '1 minute' } };

  r.post(
    '/yue/user/login',
    { schema: { body: loginRequest }, config: { public: true, ...limited } },
    async (req, reply) => {
      const { schoolId, ...res } = await d.auth.login(req.body, metaOf(req));
      setSessionCookies(reply, req, res.token, schoolId, d.sessionIdleMs);
      return ok(res);
    },
  );

  r.post(
    '/api/anno/user/changePwdLogin',
    { schema: { body: changePwdLoginRequest }, config: { public: true, ...limited } },
    async (req, reply) => {
      const { schoolId, ...res } = await d.auth.changePwdLogin(
        req.body.changeToken,
        req.body.newPassword,
        metaOf(req),
      );
      setSessionCookies(reply, req, res.token, schoolId, d.sessionIdleMs);
      return ok(res);
    },
  );

  r.post('/api/user/logout', { config: { capability: 'account.self' } }, async (req, reply) => {
    const a = authOf(req);
    await d.auth.logout(a.sessionId, a.userId, metaOf(req));
    clearSessionCookies(reply);
    return ok(null);
  });

  r.post('/api/user/getUserInfo', { config: { capability: 'account.self' } }, async (req) => {
    const a = authOf(req);
    return ok(await d.auth.getUserInfo(a.userId, a.schoolId));
  });

  r.get(
    '/password/mobile/:phone',
    { schema: { params: z.object({ phone }) }, config: { public: true, ...limited } },
    async (req) => ok(await d.reset.sendCode(req.params.phone)),
  );

  r.get(
    '/verify/mobile',
    { schema: { querystring: verifyMobileQuery }, config: { public: true, ...limited } },
    async (req) => ok(await d.reset.verifyCode(req.query.phone, req.query.code)),
  );

  r.get(
    '/password/reset',
    { schema: { querystring: resetPasswordQuery }, config: { public: true, ...limited } },
    async (req) => {
      await d.reset.reset(req.query.phone, req.query.resetToken, req.query.password, req.ip);
      return ok(null);
    },
  );

  r.get(
    '/cas/passport/captcha/refresh',
    {
      schema: { querystring: z.object({ verifyKey: text().min(8).max(64).optional() }) },
      config: { public: true, ...limited },
    },
    async (req) => {
      const c = await d.captcha.issue(req.query.verifyKey);
      return ok({ verifyKey: c.verifyKey, url: c.url });
    },
  );
}
