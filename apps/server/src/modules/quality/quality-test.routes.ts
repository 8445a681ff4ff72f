import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockIdParam, qualityTestContract as c, spotParams } from '@yj/contracts';
import { fail } from '../../errors';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingScopes } from '../marking/marking-scope';
import type { QualityTestService } from './quality-test.service';
import type { SpotService } from './spot.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 质检 (spec §2 setting/qualitytest, quality-test/progress2, quality-test/report) and the leaders' spot checks,
 * on contracts/routes/quality.ts. The setting and spot checks need 'subject.lead', the figures
 * 'marking.monitor'; the services narrow to the blocks the user watches (a leader: the blocks they lead). The
 * report's Excel and a spot check's image answer files and stay on Fastify's own registration.
 */
export function qualityTestRoutes(
  app: FastifyInstance,
  d: {
    /** the block of a spot check (null: none) */
    spotBlock: (spotId: number) => Promise<number | null>;
    test: QualityTestService;
    spot: SpotService;
    scopes: ExamScopes;
    marking: MarkingScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  // a spot check's block never changes: its subject scope through the block's
  const spotScope = async (req: FastifyRequest) => {
    const blockId = await d.spotBlock(Number((req.params as { spotId: unknown }).spotId));
    if (blockId === null) throw fail('spotNotFound');
    return d.marking.forBlock(blockId);
  };
  const onSubject = { scope: d.scopes.subjectParam };
  const onBlock = { scope: d.marking.blockParam };
  const onSpot = { scope: spotScope };

  // setting/qualitytest
  on(c.setting, async ({ params }, req) => d.test.setting(params.id, await req.principal()), onSubject);
  on(
    c.save,
    async ({ params, body }, req) => {
      await d.test.setSetting(params.blockId, body, await req.principal(), actorOf(req));
      return null;
    },
    onBlock,
  );
  // quality-test/progress2
  on(c.progress, async ({ params }, req) => d.test.progress(params.id, await req.principal()), onSubject);
  // quality-test/report and its Excel
  on(c.report, async ({ params }, req) => d.test.report(params.blockId, await req.principal()), onBlock);
  r.get(
    '/api/marking/block/:blockId/quality-test/report/export',
    { schema: { params: blockIdParam }, config: { capability: 'marking.monitor', ...onBlock } },
    async (req, reply) => {
      const f = await d.test.exportReport(req.params.blockId, await req.principal());
      return reply.type(XLSX).header('content-disposition', attachment(f.filename)).send(f.buffer);
    },
  );

  // 抽查: the leader's page, a paper to check, its image, the blind mark, giving one up
  on(c.spot, async ({ params }, req) => d.spot.block(params.blockId, await req.principal()), onBlock);
  on(
    c.claim,
    async ({ params, body }, req) => d.spot.claim(params.blockId, body, await req.principal()),
    onBlock,
  );
  r.get(
    '/api/marking/spot/:spotId/image',
    { schema: { params: spotParams }, config: { capability: 'subject.lead', ...onSpot } },
    async (req, reply) => {
      const body = await d.spot.image(req.params.spotId, await req.principal());
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  on(
    c.submit,
    async ({ params, body }, req) => d.spot.submit(params.spotId, body, await req.principal()),
    onSpot,
  );
  on(
    c.release,
    async ({ params, body }, req) => {
      await d.spot.release(params.spotId, body.leaseToken, await req.principal());
      return null;
    },
    onSpot,
  );
}
