import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  PORTAL_BLOCK_IMAGE_PATH,
  PORTAL_PAGE_IMAGE_PATH,
  PORTAL_SHEET_PATH,
  portalAccountQuery,
  portalAdminContract as a,
  portalContract as c,
  portalWho,
} from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, authOf, clearSessionCookies, metaOf, setSessionCookies } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import { sendXlsx } from '../../lib/excel';
import type { ExamScopes } from '../exam/exam-scope';
import { serverUrlOf } from '../tool/scan-agent-package';
import type { PortalAccountService, PortalSelfService } from './portal-account.service';
import type { PortalLoginService } from './portal-login.service';
import type { PortalResultsService } from './portal-results.service';

interface Deps {
  accounts: PortalAccountService;
  self: PortalSelfService;
  login: PortalLoginService;
  results: PortalResultsService;
  scopes: ExamScopes;
  sessionIdleMs: number;
  /** requests per minute per IP on the sign-in and SMS calls, as for the staff */
  loginRateLimit: number;
}

/** 学生账号 (the school's administrators) and 发布设置 (who may publish the exam). */
export function portalAdminRoutes(app: FastifyInstance, d: Deps): void {
  const on = contractRoutes(app);
  const school = { scope: schoolFromParams };
  on(
    a.schoolQr,
    ({ params }, req) => d.self.schoolQr(params.schoolId, serverUrlOf(req.protocol, req.host)),
    school,
  );
  on(a.accounts, ({ params, query }) => d.accounts.list(params.schoolId, query.classId), school);
  on(
    a.createAccounts,
    ({ params, body }, req) => d.accounts.create(params.schoolId, body.classIds, actorOf(req)),
    school,
  );
  on(
    a.resetPassword,
    ({ params }, req) => d.accounts.reset(params.schoolId, params.studentId, actorOf(req)),
    school,
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    PORTAL_SHEET_PATH,
    {
      schema: { params: z.object({ schoolId: idParam() }), querystring: portalAccountQuery },
      config: { capability: 'school.manage', scope: schoolFromParams },
    },
    async (req, reply) => {
      const { buffer, filename } = await d.accounts.sheet(req.params.schoolId, req.query.classId);
      return sendXlsx(reply, filename, buffer);
    },
  );
  const exam = { scope: d.scopes.examParam };
  on(a.setting, ({ params }) => d.results.setting(params.examId), exam);
  on(
    a.saveSetting,
    ({ params, body }, req) => d.results.saveSetting(params.examId, body, actorOf(req)),
    exam,
  );
}

/** 学生端 / 家长端: sign-in, the account and children, the published results and the marked paper. */
export function portalRoutes(app: FastifyInstance, d: Deps): void {
  const on = contractRoutes(app);
  const limited = { rateLimit: { max: d.loginRateLimit, timeWindow: '1 minute' } };
  const signedIn = async (
    res: Awaited<ReturnType<PortalLoginService['student']>>,
    req: FastifyRequest,
    reply: Parameters<typeof setSessionCookies>[0],
  ) => {
    const { schoolId, ...out } = res;
    setSessionCookies(reply, req, out.token, schoolId, d.sessionIdleMs);
    return out;
  };

  on(c.schools, ({ query }) => d.self.schools(query.q), limited);
  on(c.loginInfo, ({ query }) => d.self.loginInfo(query.school), limited);
  on(c.schoolExams, ({ params }) => d.login.schoolExams(params.schoolId), limited);
  on(
    c.login,
    async ({ body }, req, reply) => signedIn(await d.login.student(body, metaOf(req)), req, reply),
    limited,
  );
  on(c.parentSms, ({ body }) => d.login.parentSms(body.phone), limited);
  on(
    c.parentLogin,
    async ({ body }, req, reply) => signedIn(await d.login.parent(body, metaOf(req)), req, reply),
    limited,
  );

  on(c.me, (_in, req) => d.self.me(authOf(req).userId));
  on(c.logout, async (_in, req, reply) => {
    const s = authOf(req);
    await d.login.logout(s.sessionId, s.userId, metaOf(req));
    clearSessionCookies(reply);
    return null;
  });
  on(c.password, async ({ body }, req) => {
    await d.self.changePassword(authOf(req).userId, body.oldPassword, body.newPassword, req.ip);
    return null;
  });
  on(c.bind, ({ body }, req) => d.self.bind(authOf(req).userId, body, req.ip));
  on(c.unbind, ({ params }, req) => d.self.unbind(authOf(req).userId, params.studentId, req.ip));

  on(c.exams, async ({ query }, req) => d.results.exams(await req.principal(), query.studentId));
  on(c.trend, async ({ query }, req) => d.results.trend(await req.principal(), query.studentId));
  on(c.exam, async ({ params, query }, req) =>
    d.results.exam(await req.principal(), params.examId, query.studentId),
  );
  on(c.subject, async ({ params, query }, req) =>
    d.results.subject(await req.principal(), params.subjectId, query.studentId),
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const results = { capability: 'portal.results' as const };
  r.get(
    PORTAL_BLOCK_IMAGE_PATH,
    {
      schema: { params: z.object({ subjectId: idParam(), blockId: idParam() }), querystring: portalWho },
      config: results,
    },
    async (req, reply) => {
      const { subjectId, blockId } = req.params;
      const img = await d.results.blockImage(await req.principal(), subjectId, blockId, req.query.studentId);
      return reply.header('cache-control', 'private, no-store').type('image/jpeg').send(img);
    },
  );
  r.get(
    PORTAL_PAGE_IMAGE_PATH,
    {
      schema: { params: z.object({ subjectId: idParam(), pageId: idParam() }), querystring: portalWho },
      config: results,
    },
    async (req, reply) => {
      const { subjectId, pageId } = req.params;
      const img = await d.results.pageImage(await req.principal(), subjectId, pageId, req.query.studentId);
      return reply.header('cache-control', 'private, no-store').type(img.type).send(img.body);
    },
  );
}
