import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** helmet's HSTS value, sent only over HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers. `upgrade-insecure-requests` and HSTS tell a browser to fetch everything over https: sent over
 * plain http (the default install: HOST=0.0.0.0, other PCs of the school on http://server:8080) they turn every asset
 * into a failed https request and a blank page. So both go out only when the request itself came over HTTPS, or a
 * trusted proxy (TRUST_PROXY) says it did through X-Forwarded-Proto — which is what `req.protocol` reports.
 * Cross-Origin-Opener-Policy likewise: only a secure origin honours it.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
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
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // browsers ignore it on an http origin other than localhost and say so in red in the console
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol !== 'https') return;
    reply.header('strict-transport-security', HSTS);
    reply.header('cross-origin-opener-policy', 'same-origin');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
}
