import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  originPageParams,
  sampleParam,
  trialContract as c,
  trialPaperParam,
  type FixedFailureKind,
} from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, authOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingOrigin } from '../marking/origin/marking-origin';
import type { MarkingScopes } from '../marking/marking-scope';
import type { TrialLeadService } from './trial-lead.service';
import type { TrialMarkService } from './trial-mark.service';
import type { TrialService } from './trial.service';
import type { TrialRowTable } from './trial.repo';

const taskParams = z.object({ taskId: idParam() });
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
    /** the block of a trial mark, trial paper or 样卷 (null: none) */
    blockOf: (table: TrialRowTable, rowId: number) => Promise<number | null>;
    trial: TrialService;
    marks: TrialMarkService;
    lead: TrialLeadService;
    scopes: ExamScopes;
    marking: MarkingScopes;
    /** originPicAndAnswer (the marking module's): a 试评 paper's whole pages, masked, and the block's answers */
    origin: MarkingOrigin;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const manage = { scope: d.scopes.subjectParam };
  /** the subject of a trial mark, trial paper or sample in the path, for the capability's scope */
  const byRow =
    (table: TrialRowTable, key: string, missing: FixedFailureKind) => async (req: FastifyRequest) => {
      const blockId = await d.blockOf(table, Number((req.params as Record<string, unknown>)[key]));
      if (blockId === null) throw fail(missing);
      return d.marking.forBlock(blockId);
    };
  const onBlock = { scope: d.marking.blockParam };
  const onMark = { scope: byRow('trial_mark', 'taskId', 'taskNotFound') };
  const onPaper = { scope: byRow('trial_paper', 'trialPaperId', 'trialPaperNotFound') };
  const onSample = { scope: byRow('sample_paper', 'sampleId', 'samplePaperNotFound') };
  const me = (req: FastifyRequest) => authOf(req).userId;

  // the manager
  on(c.overview, ({ params }) => d.trial.overview(params.id), manage);
  on(c.candidates, ({ params, query }) => d.trial.candidates(params.id, params.blockId, query), manage);
  on(c.choose, ({ params, body }) => d.trial.choose(params.id, params.blockId, body), manage);
  for (const op of ['start', 'pause', 'resume', 'rollback'] as const)
    on(c[op], ({ params }, req) => d.trial[op](params.id, actorOf(req)), manage);

  // the marker
  on(c.claim, ({ params, body }, req) => d.marks.claim(params.blockId, me(req), body.count), onBlock);
  on(c.submit, ({ params, body }, req) => d.marks.submit(params.taskId, me(req), body), onMark);
  for (const action of ['skip', 'release'] as const)
    on(
      c[action],
      async ({ params, body }, req) => {
        await d.marks.giveBack(params.taskId, me(req), body.leaseToken, action === 'skip');
        return null;
      },
      onMark,
    );
  on(c.defer, ({ params, body }, req) => d.marks.defer(params.taskId, me(req), body.leaseToken), onMark);
  on(c.origin, ({ params }, req) => d.origin.info(params.taskId, me(req), 'trial'), onMark);
  r.get(
    '/api/marking/trial/task/:taskId/origin/:page',
    { schema: { params: originPageParams }, config: { ...onMark, capability: 'subject.mark' } },
    async (req, reply) => {
      const body = await d.origin.image(req.params.taskId, req.params.page, me(req), 'trial');
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  r.get(
    '/api/marking/trial/task/:taskId/image',
    { schema: { params: taskParams }, config: { ...onMark, capability: 'subject.mark' } },
    async (req, reply) => jpeg(reply, await d.marks.image(req.params.taskId, me(req))),
  );

  // the leader
  on(c.lead, async ({ params }, req) => d.lead.view(params.blockId, await req.principal()), onBlock);
  on(
    c.reference,
    async ({ params, body }, req) => d.lead.reference(params.trialPaperId, body, await req.principal()),
    onPaper,
  );
  on(
    c.sample,
    async ({ params, body }, req) =>
      d.lead.sample(params.trialPaperId, body.keep, body.kind, await req.principal(), actorOf(req)),
    onPaper,
  );
  // 质检: the block's 标准卷 rate, and the marks of 标准卷 (marker, paper, mark, reference)
  on(
    c.standardRate,
    async ({ params, body }, req) =>
      d.lead.setRate(params.blockId, body.every, await req.principal(), actorOf(req)),
    onBlock,
  );
  on(
    c.standardMarks,
    async ({ params }, req) => d.lead.standardMarks(params.blockId, await req.principal()),
    onBlock,
  );
  r.get(
    '/api/marking/trial/paper/:trialPaperId/image',
    { schema: { params: trialPaperParam }, config: { ...onPaper, capability: 'subject.lead' } },
    async (req, reply) =>
      jpeg(reply, await d.lead.paperImage(req.params.trialPaperId, await req.principal())),
  );

  // 样卷 beside the marking standard
  on(c.samples, ({ params }, req) => d.lead.samples(params.blockId, me(req)), onBlock);
  r.get(
    '/api/marking/sample/:sampleId/image',
    { schema: { params: sampleParam }, config: { ...onSample, capability: 'subject.mark' } },
    async (req, reply) => jpeg(reply, await d.lead.sampleImage(req.params.sampleId, me(req))),
  );
}
