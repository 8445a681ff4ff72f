import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intelligentBlockQuery, reselectInput } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingReselect } from './marking-reselect';

const params = z.object({ id: idParam() });

/** 重新选题 (spec §2 subject/{subjectId}/{step}/resetting/{reSelectFlag}): the subject's managers, as 重置阅卷. */
export function markingReselectRoutes(
  app: FastifyInstance,
  d: { reselect: MarkingReselect; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  r.get(
    '/api/subject/:id/resetting/reselect/preview',
    { schema: { params, querystring: intelligentBlockQuery }, config: manage },
    async (req) => ok(await d.reselect.preview(req.params.id, req.query.blockId)),
  );
  r.post(
    '/api/subject/:id/resetting/reselect',
    { schema: { params, body: reselectInput }, config: manage },
    async (req) => ok(await d.reselect.reselect(req.params.id, req.body, actorOf(req))),
  );
}
