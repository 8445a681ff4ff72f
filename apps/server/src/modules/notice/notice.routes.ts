import type { FastifyInstance } from 'fastify';
import { homeContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf } from '../../plugins/http';
import type { NoticeService } from './notice.service';

export function noticeRoutes(app: FastifyInstance, d: { notice: NoticeService }): void {
  const on = contractRoutes(app);
  on(c.notice, () => d.notice.current());
  on(c.saveNotice, ({ body }, req) => d.notice.update(body, authOf(req).userId));
}
