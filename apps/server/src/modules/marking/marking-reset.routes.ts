import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, resetInput, resetPreviewQuery } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingReset } from './marking-reset';

const params = z.object({ id: idParam() });

/** 重置阅卷 (spec §2 subject/{subjectId}/{step}/resetting): the subject's managers, as for 开始阅卷 and 暂停. */
export function markingResetRoutes(
  app: FastifyInstance,
  d: { reset: MarkingReset; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  r.get(
    '/api/subject/:id/resetting/preview',
    { schema: { params, querystring: resetPreviewQuery }, config: manage },
    async (req) => ok(await d.reset.preview(req.params.id, req.query.blockId, req.query.userId ?? null)),
  );
  r.post(
    '/api/subject/:id/resetting',
    { schema: { params, body: resetInput }, config: manage },
    async (req) => ok(await d.reset.reset(req.params.id, req.body, actorOf(req))),
  );
}
