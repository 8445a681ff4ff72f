import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  blockIdParam,
  idParam,
  int,
  markLease,
  markSubmit,
  MULTI_MARK_MAX,
  sampleParam,
  standardRateInput,
  trialBlockParams,
  trialCandidateQuery,
  trialPaperParam,
  trialPapersInput,
  trialReferenceInput,
  trialSampleInput,
} from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db } from '../../infra/db';
import { actorOf, authOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingScopes } from '../marking/marking-scope';
import type { TrialLeadService } from './trial-lead.service';
import type { TrialMarkService } from './trial-mark.service';
import type { TrialService } from './trial.service';

const subjectParams = z.object({ id: idParam() });
const taskParams = z.object({ taskId: idParam() });
const trialClaim = z.object({ count: int(1, MULTI_MARK_MAX).default(1) });
/** A cut image: private, a marker's browser may keep it for the preload; no shared cache ever sees a paper. */
const jpeg = (reply: FastifyReply, body: Buffer) =>
  reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);

/**
 * 试评 (DESIGN.md §3, §5): the manager's trial page and transitions under /api/subject/{id}/trial…, the
 * marker's trial marking under /api/marking/trial/…, the leader's trial screen and the 样卷.
 */
export function trialRoutes(
  app: FastifyInstance,
  d: {
    db: Db;
    trial: TrialService;
    marks: TrialMarkService;
    lead: TrialLeadService;
    scopes: ExamScopes;
    marking: MarkingScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  /** the subject of a trial mark, trial paper or sample in the path, for the capability's scope */
  const byRow =
    (table: 'trial_mark' | 'trial_paper' | 'sample_paper', key: string, missing: string) =>
    async (req: FastifyRequest) => {
      const rowId = Number((req.params as Record<string, unknown>)[key]);
      const [row] = rowsOf<{ block_id: number }>(
        await d.db.execute(sql`select block_id from ${sql.identifier(table)} where id = ${rowId}`),
      );
      if (!row) throw fail(missing);
      return d.marking.forBlock(row.block_id);
    };
  const onBlock = (capability: 'subject.mark' | 'subject.lead') => ({
    capability,
    scope: d.marking.blockParam,
  });
  const onMark = {
    capability: 'subject.mark' as const,
    scope: byRow('trial_mark', 'taskId', '阅卷任务不存在'),
  };
  const onPaper = {
    capability: 'subject.lead' as const,
    scope: byRow('trial_paper', 'trialPaperId', '试评试卷不存在'),
  };
  const onSample = {
    capability: 'subject.mark' as const,
    scope: byRow('sample_paper', 'sampleId', '样卷不存在'),
  };
  const me = (req: FastifyRequest) => authOf(req).userId;

  // the manager
  r.get('/api/subject/:id/trial', { schema: { params: subjectParams }, config: manage }, async (req) =>
    ok(await d.trial.overview(req.params.id)),
  );
  r.get(
    '/api/subject/:id/trial/block/:blockId/candidates',
    { schema: { params: trialBlockParams, querystring: trialCandidateQuery }, config: manage },
    async (req) => ok(await d.trial.candidates(req.params.id, req.params.blockId, req.query)),
  );
  r.post(
    '/api/subject/:id/trial/block/:blockId/papers',
    { schema: { params: trialBlockParams, body: trialPapersInput }, config: manage },
    async (req) => ok(await d.trial.choose(req.params.id, req.params.blockId, req.body)),
  );
  // GET like review/start … of spec §7
  for (const op of ['start', 'pause', 'resume', 'rollback'] as const)
    r.get(
      `/api/subject/:id/trial/${op}`,
      { schema: { params: subjectParams }, config: manage },
      async (req) => ok(await d.trial[op](req.params.id, actorOf(req))),
    );

  // the marker
  r.post(
    '/api/marking/trial/block/:blockId/claim',
    { schema: { params: blockIdParam, body: trialClaim }, config: onBlock('subject.mark') },
    async (req) => ok(await d.marks.claim(req.params.blockId, me(req), req.body.count)),
  );
  r.post(
    '/api/marking/trial/task/:taskId/submit',
    { schema: { params: taskParams, body: markSubmit }, config: onMark },
    async (req) => ok(await d.marks.submit(req.params.taskId, me(req), req.body)),
  );
  for (const action of ['skip', 'release'] as const)
    r.post(
      `/api/marking/trial/task/:taskId/${action}`,
      { schema: { params: taskParams, body: markLease }, config: onMark },
      async (req) => {
        await d.marks.giveBack(req.params.taskId, me(req), req.body.leaseToken, action === 'skip');
        return ok(null);
      },
    );
  r.post(
    '/api/marking/trial/task/:taskId/defer',
    { schema: { params: taskParams, body: markLease }, config: onMark },
    async (req) => ok(await d.marks.defer(req.params.taskId, me(req), req.body.leaseToken)),
  );
  r.get(
    '/api/marking/trial/task/:taskId/image',
    { schema: { params: taskParams }, config: onMark },
    async (req, reply) => jpeg(reply, await d.marks.image(req.params.taskId, me(req))),
  );

  // the leader
  r.get(
    '/api/marking/trial/block/:blockId/papers',
    { schema: { params: blockIdParam }, config: onBlock('subject.lead') },
    async (req) => ok(await d.lead.view(req.params.blockId, await req.principal())),
  );
  r.post(
    '/api/marking/trial/paper/:trialPaperId/reference',
    { schema: { params: trialPaperParam, body: trialReferenceInput }, config: onPaper },
    async (req) => ok(await d.lead.reference(req.params.trialPaperId, req.body, await req.principal())),
  );
  r.post(
    '/api/marking/trial/paper/:trialPaperId/sample',
    { schema: { params: trialPaperParam, body: trialSampleInput }, config: onPaper },
    async (req) =>
      ok(
        await d.lead.sample(
          req.params.trialPaperId,
          req.body.keep,
          req.body.kind,
          await req.principal(),
          actorOf(req),
        ),
      ),
  );
  // 质检: the block's 标准卷 rate, and the marks of 标准卷 (marker, paper, mark, reference)
  r.post(
    '/api/marking/block/:blockId/standard/rate',
    { schema: { params: blockIdParam, body: standardRateInput }, config: onBlock('subject.lead') },
    async (req) =>
      ok(await d.lead.setRate(req.params.blockId, req.body.every, await req.principal(), actorOf(req))),
  );
  r.get(
    '/api/marking/block/:blockId/standard/marks',
    { schema: { params: blockIdParam }, config: onBlock('subject.lead') },
    async (req) => ok(await d.lead.standardMarks(req.params.blockId, await req.principal())),
  );
  r.get(
    '/api/marking/trial/paper/:trialPaperId/image',
    { schema: { params: trialPaperParam }, config: onPaper },
    async (req, reply) =>
      jpeg(reply, await d.lead.paperImage(req.params.trialPaperId, await req.principal())),
  );

  // 样卷 beside the marking standard
  r.get(
    '/api/marking/block/:blockId/samples',
    { schema: { params: blockIdParam }, config: onBlock('subject.mark') },
    async (req) => ok(await d.lead.samples(req.params.blockId, me(req))),
  );
  r.get(
    '/api/marking/sample/:sampleId/image',
    { schema: { params: sampleParam }, config: onSample },
    async (req, reply) => jpeg(reply, await d.lead.sampleImage(req.params.sampleId, me(req))),
  );
}
