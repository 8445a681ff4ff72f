import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysNoticeUpdate } from '@yj/contracts';
import { authOf, ok } from '../../plugins/http';
import type { NoticeService } from './notice.service';

export function noticeRoutes(app: FastifyInstance, d: { notice: NoticeService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/anno/getSysNotice', { config: { public: true } }, async () => ok(await d.notice.current()));
  r.post(
    '/api/admin/sysNotice',
    { schema: { body: sysNoticeUpdate }, config: { capability: 'notice.edit' } },
    async (req) => ok(await d.notice.update(req.body, authOf(req).userId)),
  );
}
