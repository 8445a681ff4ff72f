import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  intelligentBlockQuery,
  intelligentConfirm,
  intelligentGroupScore,
  intelligentGroupSplit,
  intelligentReturn,
  intelligentRunInput,
  intelligentSetting,
} from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { IntelligentGroupService } from './intelligent-group.service';
import type { IntelligentService } from './intelligent.service';

const params = z.object({ id: idParam() });
const imageQuery = intelligentBlockQuery.extend({ paperId: idParam('答卷编号无效') });

/**
 * 智能辅助 (spec §2 setting/intelligent, /check, /intelligentReview): settings, runs and the blank check for
 * the block's leaders and the subject's managers ('subject.lead', narrowed to the led blocks by the service);
 * the answer groups for the block's markers ('subject.mark', narrowed to the block's reviewers).
 */
export function intelligentRoutes(
  app: FastifyInstance,
  d: { intelligent: IntelligentService; groups: IntelligentGroupService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lead = { capability: 'subject.lead' as const, scope: d.scopes.subjectParam };
  const mark = { capability: 'subject.mark' as const, scope: d.scopes.subjectParam };
  const base = '/api/subject/:id/setting/intelligent';

  r.get(base, { schema: { params }, config: lead }, async (req) =>
    ok(await d.intelligent.settings(req.params.id, await req.principal())),
  );
  r.post(base, { schema: { params, body: intelligentSetting }, config: lead }, async (req) => {
    await d.intelligent.save(req.params.id, req.body, await req.principal(), actorOf(req));
    return ok(null);
  });
  r.post(`${base}/run`, { schema: { params, body: intelligentRunInput }, config: lead }, async (req) =>
    ok(
      await d.intelligent.run(
        req.params.id,
        req.body.blockId,
        req.body.kind,
        await req.principal(),
        actorOf(req),
      ),
    ),
  );
  r.get(
    `${base}/check`,
    { schema: { params, querystring: intelligentBlockQuery }, config: lead },
    async (req) => ok(await d.intelligent.check(req.params.id, req.query.blockId, await req.principal())),
  );
  r.post(
    `${base}/check/confirm`,
    { schema: { params, body: intelligentConfirm }, config: lead },
    async (req) =>
      ok(await d.intelligent.confirm(req.params.id, req.body, await req.principal(), actorOf(req))),
  );
  r.post(`${base}/check/return`, { schema: { params, body: intelligentReturn }, config: lead }, async (req) =>
    ok(await d.intelligent.giveBack(req.params.id, req.body, await req.principal(), actorOf(req))),
  );

  r.get(
    `${base}/intelligentReview`,
    { schema: { params, querystring: intelligentBlockQuery }, config: mark },
    async (req) => ok(await d.groups.groups(req.params.id, req.query.blockId, actorOf(req).userId)),
  );
  r.post(
    `${base}/intelligentReview/score`,
    { schema: { params, body: intelligentGroupScore }, config: mark },
    async (req) => ok(await d.groups.score(req.params.id, req.body, actorOf(req).userId)),
  );
  r.post(
    `${base}/intelligentReview/split`,
    { schema: { params, body: intelligentGroupSplit }, config: mark },
    async (req) => {
      await d.groups.split(req.params.id, req.body, actorOf(req).userId);
      return ok(null);
    },
  );
  r.get(
    `${base}/intelligentReview/image`,
    { schema: { params, querystring: imageQuery }, config: mark },
    async (req, reply) => {
      const body = await d.groups.image(
        req.params.id,
        req.query.blockId,
        req.query.paperId,
        actorOf(req).userId,
      );
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
}
