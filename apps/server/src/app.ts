import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Health } from '@yj/contracts';
import type { Config } from './config';
import type { Database } from './infra/db';
import type { JobQueue } from './infra/queue';
import type { Storage } from './infra/storage';
import { accountRoutes } from './modules/auth/account.routes';
import { accountService } from './modules/auth/account.service';
import { auditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { captchaService } from './modules/auth/captcha';
import { guardRepo } from './modules/auth/guard.repo';
import { principalRepo } from './modules/auth/principal.repo';
import { resetService } from './modules/auth/reset.service';
import { sessionRepo } from './modules/auth/session.repo';
import { sessionService } from './modules/auth/session.service';
import type { SmsProvider } from './modules/auth/sms';
import { userRepo } from './modules/auth/user.repo';
import { homeRoutes } from './modules/home/home.routes';
import { homeService } from './modules/home/home.service';
import { messageRoutes } from './modules/message/message.routes';
import { messageService } from './modules/message/message.service';
import { noticeRoutes } from './modules/notice/notice.routes';
import { noticeService } from './modules/notice/notice.service';
import { schoolRoutes } from './modules/school/school.routes';
import { schoolService } from './modules/school/school.service';
import { gradeRoutes } from './modules/school/grade.routes';
import { gradeService } from './modules/school/grade.service';
import { studentRoutes } from './modules/school/student.routes';
import { adminRoutes } from './modules/school/admin.routes';
import { adminService } from './modules/school/admin.service';
import { teacherRoutes } from './modules/school/teacher.routes';
import { teacherService } from './modules/school/teacher.service';
import { orgRoutes } from './modules/org/org.routes';
import { orgService } from './modules/org/org.service';
import { auditQueryService } from './modules/audit/audit-query.service';
import { examScopes } from './modules/exam/exam-scope';
import { examRoutes } from './modules/exam/exam.routes';
import { examService } from './modules/exam/exam.service';
import { examineeRoutes } from './modules/exam/examinee.routes';
import { examineeService } from './modules/exam/examinee.service';
import { roleRoutes } from './modules/exam/role.routes';
import { roleService } from './modules/exam/role.service';
import { questionRoutes } from './modules/question/question.routes';
import { questionService } from './modules/question/question.service';
import { studentService } from './modules/school/student.service';
import { API_PREFIX, registerAuth } from './plugins/auth';
import { newTraceId, registerEnvelope } from './plugins/envelope';
import { ok } from './plugins/http';

export interface AppDeps {
  database: Database;
  queue: JobQueue;
  storage: Storage;
  sms: SmsProvider;
  /** pino instance; absent in tests (silent) */
  logger?: FastifyBaseLogger;
}

const JSON_BODY_LIMIT = 1024 * 1024;
const UPLOAD_LIMIT = 20 * 1024 * 1024;
const WEB_BASE = '/minions';
const VERSION = '0.1.0';

/** The composition root: wires repositories and services, registers plugins and routes. Used by main and by tests. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: () => newTraceId(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-trace-id', req.id);
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // the local scan manager answers on the user's own machine
        connectSrc: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 50 } });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });

  await app.register(swagger, {
    openapi: { info: { title: '阅卷 API', version: VERSION } },
    transform: jsonSchemaTransform,
  });

  const { db } = deps.database;
  const audit = auditService();
  const sessions = sessionService(sessionRepo(db), { idleMs: config.sessionIdleMs });
  const users = userRepo(db);
  const guard = guardRepo(db);
  const captcha = captchaService(guard);
  const auth = authService({ db, users, guard, sessions, captcha, audit });
  const reset = resetService({
    db,
    users,
    guard,
    sessions,
    sms: deps.sms,
    audit,
    dailyLimit: config.smsDailyLimit,
  });
  const account = accountService({ db, users, sessions, storage: deps.storage, audit });

  registerAuth(app, { sessions, principals: principalRepo(db) });

  await app.register(
    async (api) => {
      api.get('/health', { config: { public: true } }, async () => {
        const [dbOk, queueOk] = await Promise.all([deps.database.ping(), deps.queue.ping()]);
        const health: Health = {
          status: dbOk && queueOk ? 'ok' : 'degraded',
          db: dbOk ? 'ok' : 'down',
          queue: { kind: deps.queue.kind, state: queueOk ? 'ok' : 'down' },
          version: VERSION,
        };
        return ok(health);
      });
      api.get('/openapi.json', { config: { public: true } }, async () => app.swagger());
      authRoutes(api, { auth, reset, captcha, sessionIdleMs: config.sessionIdleMs, loginRateLimit: 30 });
      accountRoutes(api, { account });
      noticeRoutes(api, { notice: noticeService({ db, audit }) });
      homeRoutes(api, { home: homeService({ db }) });
      messageRoutes(api, { messages: messageService({ db }) });
      const school = schoolService({ db });
      const log = auditQueryService({ db });
      schoolRoutes(api, { school, log });
      gradeRoutes(api, { grades: gradeService({ db, audit }) });
      studentRoutes(api, { students: studentService({ db, audit }), school });
      const teachers = teacherService({ db, audit });
      teacherRoutes(api, { teachers, school });
      const admins = adminService({ db, audit });
      adminRoutes(api, { admins });
      orgRoutes(api, { org: orgService({ db, audit, admins }) });
      const scopes = examScopes(db);
      const exams = examService({ db, audit });
      examRoutes(api, { exams, scopes, log });
      examineeRoutes(api, { examinees: examineeService({ db, audit }), scopes });
      roleRoutes(api, { roles: roleService({ db, audit }), scopes, teachers, exams });
      questionRoutes(api, { questions: questionService({ db, audit, exams }), scopes });
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  return app;
}

/** Serves the built web app under /minions/ with history-mode fallback; /filter misses answer the envelope 404. */
async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: `${WEB_BASE}/`,
      index: false,
      wildcard: false,
      maxAge: '1h',
    });
  }
  app.get('/', async (_req, reply) => reply.redirect(`${WEB_BASE}/`));
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith(`${API_PREFIX}/`) || url === API_PREFIX) {
      return reply.status(404).send({ code: 1, message: '接口不存在', data: null });
    }
    if (url === WEB_BASE || url.startsWith(`${WEB_BASE}/`)) {
      // Hashed assets that are missing must 404, or the browser would parse index.html as a script.
      if (/\.[a-z0-9]{2,5}$/i.test(url) && !url.endsWith('.html')) return reply.status(404).send('Not found');
      if (!hasWeb)
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('网页尚未构建：请先运行 npm run build');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    return reply.redirect(`${WEB_BASE}/`);
  });
}
