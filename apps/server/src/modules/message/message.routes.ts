import type { FastifyInstance, FastifyRequest } from 'fastify';
import { homeContract as c, messageContract as m, type Scope } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, authOf } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { MessageService } from './message.service';

type ScopeOf = (req: FastifyRequest) => Promise<Scope>;

/** 站内消息: a user's own list, and sending to a group — the exam, block or school scope checked by the route. */
export function messageRoutes(
  app: FastifyInstance,
  d: { messages: MessageService; scopes: { examParam: ScopeOf; blockParam: ScopeOf } },
): void {
  const on = contractRoutes(app);
  const me = (req: FastifyRequest) => authOf(req).userId;
  on(c.unreadCount, async (_in, req) => ({ count: await d.messages.unreadCount(me(req)) }));
  on(c.messages, ({ body }, req) => d.messages.list(me(req), body.page, body.size));
  on(c.markRead, async ({ params }, req) => {
    await d.messages.markRead(me(req), params.id);
    return null;
  });
  on(m.audiences, async (_in, req) => d.messages.audiences(await req.principal()));
  on(m.sent, ({ body }, req) => d.messages.sent(me(req), body.page, body.size));
  on(m.view, ({ params }, req) => d.messages.view(me(req), params.id));
  on(m.receipts, ({ params }, req) => d.messages.receipts(me(req), params.id));
  on(m.confirm, async ({ params }, req) => {
    await d.messages.confirm(me(req), params.id);
    return null;
  });
  on(m.remove, async ({ params, body }, req) => {
    await d.messages.remove(me(req), params.id, body.sent);
    return null;
  });
  on(
    m.sendExam,
    ({ params, body }, req) => d.messages.sendTo({ kind: 'exam', examId: params.examId }, body, actorOf(req)),
    {
      scope: d.scopes.examParam,
    },
  );
  on(
    m.sendBlock,
    ({ params, body }, req) => d.messages.sendTo({ kind: 'block', blockId: params.blockId }, body, actorOf(req)),
    { scope: d.scopes.blockParam },
  );
  on(
    m.sendSchool,
    ({ params, body }, req) =>
      d.messages.sendTo({ kind: 'school', schoolId: params.schoolId }, body, actorOf(req)),
    { scope: schoolFromParams },
  );
}
