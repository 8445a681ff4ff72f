import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { pageQuery } from '@yj/contracts';
import { authOf, ok } from '../../plugins/http';
import type { MessageService } from './message.service';

export function messageRoutes(app: FastifyInstance, d: { messages: MessageService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/message/unread/count', { config: { capability: 'account.self' } }, async (req) =>
    ok({ count: await d.messages.unreadCount(authOf(req).userId) }),
  );
  r.post(
    '/api/message/list',
    { schema: { body: pageQuery }, config: { capability: 'account.self' } },
    async (req) => ok(await d.messages.list(authOf(req).userId, req.body.page, req.body.size)),
  );
  r.post(
    '/api/message/:id/read',
    {
      schema: { params: z.object({ id: idParam() }) },
      config: { capability: 'account.self' },
    },
    async (req) => {
      await d.messages.markRead(authOf(req).userId, req.params.id);
      return ok(null);
    },
  );
}
