import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './auth';

const WEB_BASE = '/minions';

/** Serves the built web app under /minions/ with history-mode fallback; /filter misses answer the envelope 404. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
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
