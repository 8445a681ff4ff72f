import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockIdParam,
  idParam,
  markLease,
  qualityTestSettingInput,
  spotClaimInput,
  spotParams,
  spotSubmitInput,
} from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db } from '../../infra/db';
import { attachment } from '../../lib/excel';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingScopes } from '../marking/marking-scope';
import type { QualityTestService } from './quality-test.service';
import type { SpotService } from './spot.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 质检 (spec §2 setting/qualitytest, quality-test/progress2, quality-test/report) and the leaders' spot checks.
 * The setting and spot checks need 'subject.lead', the figures 'marking.monitor'; the services narrow to the
 * blocks the user watches (a leader: the blocks they lead).
 */
export function qualityTestRoutes(
  app: FastifyInstance,
  d: { db: Db; test: QualityTestService; spot: SpotService; scopes: ExamScopes; marking: MarkingScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subjectParams = z.object({ id: idParam() });
  // a spot check's block never changes: its subject scope through the block's
  const spotScope = async (req: FastifyRequest) => {
    const [c] = rowsOf<{ block_id: number }>(
      await d.db.execute(
        sql`select block_id from spot_check where id = ${Number((req.params as { spotId: unknown }).spotId)}`,
      ),
    );
    if (!c) throw fail('抽查任务不存在');
    return d.marking.forBlock(c.block_id);
  };
  const leadSubject = { capability: 'subject.lead' as const, scope: d.scopes.subjectParam };
  const leadBlock = { capability: 'subject.lead' as const, scope: d.marking.blockParam };
  const leadSpot = { capability: 'subject.lead' as const, scope: spotScope };
  const watchSubject = { capability: 'marking.monitor' as const, scope: d.scopes.subjectParam };
  const watchBlock = { capability: 'marking.monitor' as const, scope: d.marking.blockParam };

  // setting/qualitytest
  r.get(
    '/api/subject/:id/quality-test/setting',
    { schema: { params: subjectParams }, config: leadSubject },
    async (req) => ok(await d.test.setting(req.params.id, await req.principal())),
  );
  r.post(
    '/api/marking/block/:blockId/quality-test/setting',
    { schema: { params: blockIdParam, body: qualityTestSettingInput }, config: leadBlock },
    async (req) =>
      ok(
        (await d.test.setSetting(req.params.blockId, req.body, await req.principal(), actorOf(req))) ?? null,
      ),
  );
  // quality-test/progress2
  r.get(
    '/api/subject/:id/quality-test/progress',
    { schema: { params: subjectParams }, config: watchSubject },
    async (req) => ok(await d.test.progress(req.params.id, await req.principal())),
  );
  // quality-test/report and its Excel
  r.get(
    '/api/marking/block/:blockId/quality-test/report',
    { schema: { params: blockIdParam }, config: watchBlock },
    async (req) => ok(await d.test.report(req.params.blockId, await req.principal())),
  );
  r.get(
    '/api/marking/block/:blockId/quality-test/report/export',
    { schema: { params: blockIdParam }, config: watchBlock },
    async (req, reply) => {
      const f = await d.test.exportReport(req.params.blockId, await req.principal());
      return reply.type(XLSX).header('content-disposition', attachment(f.filename)).send(f.buffer);
    },
  );

  // 抽查: the leader's page, a paper to check, its image, the blind mark, giving one up
  r.get(
    '/api/marking/block/:blockId/spot',
    { schema: { params: blockIdParam }, config: leadBlock },
    async (req) => ok(await d.spot.block(req.params.blockId, await req.principal())),
  );
  r.post(
    '/api/marking/block/:blockId/spot/claim',
    { schema: { params: blockIdParam, body: spotClaimInput }, config: leadBlock },
    async (req) => ok(await d.spot.claim(req.params.blockId, req.body, await req.principal())),
  );
  r.get(
    '/api/marking/spot/:spotId/image',
    { schema: { params: spotParams }, config: leadSpot },
    async (req, reply) => {
      const body = await d.spot.image(req.params.spotId, await req.principal());
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  r.post(
    '/api/marking/spot/:spotId/submit',
    { schema: { params: spotParams, body: spotSubmitInput }, config: leadSpot },
    async (req) => ok(await d.spot.submit(req.params.spotId, req.body, await req.principal())),
  );
  r.post(
    '/api/marking/spot/:spotId/release',
    { schema: { params: spotParams, body: markLease }, config: leadSpot },
    async (req) => {
      await d.spot.release(req.params.spotId, req.body.leaseToken, await req.principal());
      return ok(null);
    },
  );
}
