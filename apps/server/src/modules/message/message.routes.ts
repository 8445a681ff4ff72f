import type { FastifyInstance } from 'fastify';
import { homeContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf } from '../../plugins/http';
import type { MessageService } from './message.service';

export function messageRoutes(app: FastifyInstance, d: { messages: MessageService }): void {
  const on = contractRoutes(app);
  on(c.unreadCount, async (_in, req) => ({ count: await d.messages.unreadCount(authOf(req).userId) }));
  on(c.messages, ({ body }, req) => d.messages.list(authOf(req).userId, body.page, body.size));
  on(c.markRead, async ({ params }, req) => {
    await d.messages.markRead(authOf(req).userId, params.id);
    return null;
  });
}
