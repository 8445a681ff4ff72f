import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { Code } from '@yj/contracts';
import type { ScanAgent } from './agent';
import { ScanCode, ScanError, SCAN_MESSAGES } from './codes';
import { smRoutes } from './sm.routes';

export interface ServerOptions {
  /** browser origins allowed to call (the product's web address) */
  origins: string[];
  /** called when a /sm call brings a new session, so waiting uploads retry at once */
  wake?: () => void;
  logger?: boolean;
}

/** Host names this service answers to: a page elsewhere cannot reach it by rebinding its own name to 127.0.0.1. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The local scan manager of spec §7: /sm/* on 127.0.0.1, the {code, message, data} envelope with the scan
 * codes of spec §8, the browser's session required in the yx_sid header, and CORS for the product's
 * origin only (a page of any other site is refused before the call runs).
 */
export function buildServer(agent: ScanAgent, opts: ServerOptions): FastifyInstance {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 50 * 1024 * 1024 });
  const origins = new Set(opts.origins);

  app.addHook('onRequest', async (req, reply) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (!LOCAL_HOSTS.has(host))
      return reply.code(403).send({ code: ScanCode.fail, message: '只接受本机地址的访问', data: null });
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!origins.has(origin))
        return reply.code(403).send({ code: ScanCode.fail, message: `不允许的来源：${origin}`, data: null });
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type, yx_sid, x-requested-with')
        .header('access-control-max-age', '600');
      // Chrome's private-network preflight: a page served from the school's server calling this PC.
      if (req.headers['access-control-request-private-network'] === 'true')
        reply.header('access-control-allow-private-network', 'true');
      return reply.code(204).send();
    }
    const header = req.headers.yx_sid;
    const query = (req.query as Record<string, unknown> | undefined)?.yx_sid;
    // <img> cannot send a header: the page image alone also takes the session in the query.
    const sid =
      typeof header === 'string'
        ? header
        : req.url.startsWith('/sm/page/') && typeof query === 'string'
          ? query
          : '';
    if (!sid)
      return reply
        .code(401)
        .send({ code: Code.notLoggedIn, message: '未登录：缺少 yx_sid 会话标识，请先登录平台', data: null });
    if (sid !== agent.session) {
      await agent.useSession(sid);
      opts.wake?.();
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ScanError)
      return reply.status(err.status).send({ code: err.code, message: err.message, data: err.data });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err.statusCode === 400
    )
      return reply.status(200).send({
        code: ScanCode.invalidParam,
        message: `${SCAN_MESSAGES[2]}：请求内容不是合法的 JSON`,
        data: null,
      });
    if (err.statusCode === 413)
      return reply.status(413).send({ code: ScanCode.invalidParam, message: '请求内容过大', data: null });
    req.log.error({ err }, 'sm call failed');
    return reply.status(500).send({ code: ScanCode.internal, message: SCAN_MESSAGES[95], data: null });
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ code: ScanCode.fail, message: '接口不存在', data: null }),
  );

  // Preflights reach the onRequest hook above through a route of their own.
  app.options('/*', async (_req, reply) => reply.code(204).send());
  smRoutes(app, agent);
  return app;
}
