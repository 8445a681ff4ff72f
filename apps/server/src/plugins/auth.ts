import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CAPABILITY_TABLE,
  can,
  type Capability,
  type Principal,
  type Scope,
  Code,
  FAILURES,
} from '@yj/contracts';
import { fail, AppError } from '../errors';
import { grantWrites } from '../infra/grant-writes';
import type { AuthContext, SessionService } from '../modules/auth/session.service';

export const SESSION_COOKIE = 'yx_sid';
export const API_PREFIX = '/filter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** reachable without a session */
    public?: boolean;
    /** the capability of the table the caller needs */
    capability?: Capability;
    /** the ids the call acts on, read from params/body/query after validation */
    scope?: (req: FastifyRequest) => Scope | Promise<Scope>;
  }
  interface FastifyInstance {
    /** every /filter route with its access rule, as registered (the access sweep test walks them) */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** true when the session token came in the yx_sid header (scan agent), not a cookie */
    tokenFromHeader: boolean;
    /** grantWrites() when the request arrived */
    grantWritesAtStart: number;
    principal(): Promise<Principal>;
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  capability?: Capability;
  /** true when the route resolves the ids it acts on (school, exam, subject) */
  scoped: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readToken(req: FastifyRequest): { token: string | undefined; fromHeader: boolean } {
  const header = req.headers[SESSION_COOKIE];
  if (typeof header === 'string' && header) return { token: header, fromHeader: true };
  const bearer = req.headers.authorization;
  if (bearer?.startsWith('Bearer ')) return { token: bearer.slice(7), fromHeader: true };
  return { token: req.cookies[SESSION_COOKIE], fromHeader: false };
}

/** The rules of a capability that need more than "signed in". */
const needsPrincipal = (cap: Capability): boolean => CAPABILITY_TABLE[cap].some((r) => r.who !== 'user');

/**
 * Session, CSRF and capability checks for every /filter route.
 * A route without `public` must name a capability, or the server refuses to start.
 */
export function registerAuth(app: FastifyInstance, deps: { sessions: SessionService }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenFromHeader', false);
  app.decorateRequest('grantWritesAtStart', 0);
  // The session lookup read the grants in the same statement: the capability check and the handler share them.
  app.decorateRequest('principal', function principal(this: FastifyRequest) {
    if (!this.auth) return Promise.reject(new AppError(1000, '请先登录'));
    return Promise.resolve(this.auth.principal);
  });

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const cfg = route.config;
    if (!cfg?.public && !cfg?.capability) {
      throw new Error(`route ${route.method} ${route.url} names no capability`);
    }
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: route.url,
          public: Boolean(cfg?.public),
          ...(cfg?.capability ? { capability: cfg.capability } : {}),
          scoped: Boolean(cfg?.scope),
        });
  });

  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config;
    if (!req.url.startsWith(API_PREFIX) || !req.routeOptions.url) return;
    req.grantWritesAtStart = grantWrites();
    const { token, fromHeader } = readToken(req);
    req.tokenFromHeader = fromHeader;
    // Cookie-borne sessions are what a forged cross-site form would ride on; a custom header cannot be sent cross-site.
    if (
      !SAFE_METHODS.has(req.method) &&
      !fromHeader &&
      req.headers['x-requested-with'] !== 'XMLHttpRequest'
    ) {
      throw new AppError(
        Code.fail,
        FAILURES.requestedWithMissing.message,
        null,
        403,
        FAILURES.requestedWithMissing.errCode,
      );
    }
    if (cfg.public) {
      if (token) req.auth = await deps.sessions.resolve(token).catch(() => null);
      return;
    }
    req.auth = await deps.sessions.resolve(token);
  });

  // A grant or a session was written while this request ran (by it, its transaction now committed, or by another
  // one): every remembered session is read again, before the answer leaves, so the caller's next request already
  // sees the change. Other writes (marking submits, imports…) keep them. Any method: a few GETs change state.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (grantWrites() !== req.grantWritesAtStart) deps.sessions.forgetAll();
    return payload;
  });

  app.addHook('preHandler', async (req) => {
    const cfg = req.routeOptions.config;
    if (!cfg.capability || !req.auth) return;
    // "signed in" is enough for the staff only: a student's or parent's session is checked on every route
    if (!needsPrincipal(cfg.capability) && !req.auth.principal.kind) return;
    const principal = await req.principal();
    const scope = cfg.scope ? await cfg.scope(req) : {};
    if (!can(principal, cfg.capability, scope)) throw fail('forbidden');
  });
}
