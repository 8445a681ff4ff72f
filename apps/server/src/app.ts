import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerApi, VERSION } from './routes';
import type { SmsProvider } from './modules/auth/sms';
import { ioredis } from './infra/redis-lazy';
import { logSerializers } from './plugins/log-redact';
import { registerWeb } from './plugins/web';
import { registerSecurityHeaders } from './plugins/headers';
import type { Database } from './infra/db';
import type { JobQueue } from './infra/queue';
import type { Storage } from './infra/storage';
import { clientErrorHandler, frameworkErrors, newTraceId, registerEnvelope } from './plugins/envelope';

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

/** Builds the server: cross-cutting plugins, the API (routes.ts) and the web app. Used by main and by tests. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // The child's serializers win over Fastify's own, so request lines log the redacted URL.
    ...(deps.logger
      ? { loggerInstance: deps.logger.child({}, { serializers: logSerializers }) }
      : { logger: false }),
    genReqId: () => newTraceId(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-trace-id', req.id);
  });

  await app.register(cookie);
  await registerSecurityHeaders(app);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 50 } });
  const redis = config.redisUrl
    ? new (ioredis().Redis)(config.redisUrl, { maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });

  await app.register(swagger, {
    openapi: { info: { title: '阅卷 API', version: VERSION } },
    transform: jsonSchemaTransform,
  });

  await registerApi(app, config, deps);

  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  return app;
}
