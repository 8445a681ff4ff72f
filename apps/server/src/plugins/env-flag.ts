import type { FastifyInstance } from 'fastify';
import { envFlagRefusal, homeContract, type EnvFlag } from '@yj/contracts';
import { fail } from '../errors';
import { API_PREFIX } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a POST (or PUT) that only reads: it goes on while the system is read-only for maintenance */
    reads?: boolean;
    /** signing in or out: passes 系统维护 */
    signIn?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Reading the flag itself and the health check pass any maintenance (the web and the monitoring must see them). */
const ALWAYS = new Set([`${API_PREFIX}${homeContract.envFlag.path}`, `${API_PREFIX}/health`]);

/**
 * 系统维护 on the server (packages/contracts env-flag.ts): while the flag is set, a write — or, unless the flag
 * is read-only, any call — is refused with the flag's failure kind before its body is read, for everyone but the
 * system administrator. The web refuses the same calls before sending them; this is for a client that does not
 * (an old page, the scan client). Runs after the session is resolved (registerAuth's hook comes first).
 */
export function registerEnvFlag(app: FastifyInstance, d: { current: () => EnvFlag | null }): void {
  app.addHook('onRequest', async (req) => {
    const flag = d.current();
    if (!flag || !req.url.startsWith(API_PREFIX) || !req.routeOptions.url) return;
    const cfg = req.routeOptions.config;
    const kind = envFlagRefusal(flag, {
      read: SAFE_METHODS.has(req.method) || cfg.reads === true,
      exempt: cfg.signIn === true || ALWAYS.has(req.routeOptions.url) || req.auth?.principal.isAdmin === true,
    });
    if (kind) throw fail(kind, { message: flag.message }, flag);
  });
}
