import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intelligentBlockQuery, intelligentContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { IntelligentGroupService } from './intelligent-group.service';
import type { IntelligentMarkerBlanks } from './intelligent-marker-blank';
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
  d: {
    intelligent: IntelligentService;
    groups: IntelligentGroupService;
    blanks: IntelligentMarkerBlanks;
    scopes: ExamScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const lead = { scope: d.scopes.subjectParam };
  const mark = { scope: d.scopes.subjectParam };

  on(c.settings, async ({ params }, req) => d.intelligent.settings(params.id, await req.principal()), lead);
  on(
    c.save,
    async ({ params, body }, req) => {
      await d.intelligent.save(params.id, body, await req.principal(), actorOf(req));
      return null;
    },
    lead,
  );
  on(
    c.run,
    async ({ params, body }, req) =>
      d.intelligent.run(params.id, body.blockId, body.kind, await req.principal(), actorOf(req)),
    lead,
  );
  on(
    c.check,
    async ({ params, query }, req) => d.intelligent.check(params.id, query.blockId, await req.principal()),
    lead,
  );
  on(
    c.confirm,
    async ({ params, body }, req) =>
      d.intelligent.confirm(params.id, body, await req.principal(), actorOf(req)),
    lead,
  );
  on(
    c.giveBack,
    async ({ params, body }, req) =>
      d.intelligent.giveBack(params.id, body, await req.principal(), actorOf(req)),
    lead,
  );

  on(
    c.groups,
    ({ params, query }, req) => d.groups.groups(params.id, query.blockId, actorOf(req).userId),
    mark,
  );
  on(c.scoreGroup, ({ params, body }, req) => d.groups.score(params.id, body, actorOf(req).userId), mark);
  on(
    c.split,
    async ({ params, body }, req) => {
      await d.groups.split(params.id, body, actorOf(req).userId);
      return null;
    },
    mark,
  );
  const base = '/api/subject/:id/setting/intelligent';
  /** A cut of a paper for the block's markers (a JPEG): the group's papers, the confirmed blanks. */
  const image = (
    path: string,
    cut: (subjectId: number, blockId: number, paperId: number, userId: number) => Promise<Buffer>,
  ) =>
    r.get(
      path,
      { schema: { params, querystring: imageQuery }, config: { ...mark, capability: 'subject.mark' } },
      async (req, reply) => {
        const body = await cut(req.params.id, req.query.blockId, req.query.paperId, actorOf(req).userId);
        return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
      },
    );
  image(`${base}/intelligentReview/image`, d.groups.image);

  // the confirmed blanks of the block for its markers (a blank scored 0 is in nobody's 回评), one sent back
  on(
    c.markerBlanks,
    ({ params, query }, req) => d.blanks.list(params.id, query.blockId, actorOf(req).userId),
    mark,
  );
  on(c.markerBlankReturn, ({ params, body }, req) => d.blanks.giveBack(params.id, body, actorOf(req)), mark);
  image(`${base}/intelligentReview/blanks/image`, d.blanks.image);
}
