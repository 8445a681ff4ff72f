import type { FastifyInstance } from 'fastify';
import { qualityContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingScopes } from '../marking/marking-scope';
import type { QualityMonitor } from './quality-monitor';
import type { QualityProgress } from './quality-progress';

/**
 * Live progress and 质检 monitoring (issue 14), on contracts/routes/quality.ts. Reading needs 'marking.monitor';
 * the block's limits and a leader's release of a flagged marker need 'subject.lead'. The services narrow to the
 * watched blocks.
 */
export function qualityRoutes(
  app: FastifyInstance,
  d: { progress: QualityProgress; monitor: QualityMonitor; scopes: ExamScopes; marking: MarkingScopes },
): void {
  const on = contractRoutes(app);
  const onSubject = { scope: d.scopes.subjectParam };
  const onBlock = { scope: d.marking.blockParam };

  // review/progress/all: every watched block of a subject
  on(c.subject, async ({ params }, req) => d.progress.subject(params.id, await req.principal()), onSubject);
  // exam/{examId}/all_review_progress_all: any role of the exam passes here (a leader's grant names a subject),
  // the service keeps the subjects the user watches and refuses when there is none
  on(c.exam, async ({ params }, req) => d.progress.exam(params.examId, await req.principal()), {
    scope: d.scopes.examParam,
  });
  // spec §7: a joint exam's subject by school
  on(c.unite, async ({ params }, req) => d.progress.unite(params.id, await req.principal()), onSubject);
  // overview/block/{blockId}
  on(c.block, async ({ params }, req) => d.progress.block(params.blockId, await req.principal()), onBlock);
  // qualityMonitorBlock
  on(c.quality, async ({ params }, req) => d.monitor.block(params.blockId, await req.principal()), onBlock);
  // qualityMonitorStudent
  on(
    c.papers,
    async ({ params, query }, req) => d.monitor.papers(params.blockId, query, await req.principal()),
    onBlock,
  );
  on(
    c.setting,
    async ({ params, body }, req) => {
      await d.monitor.setSetting(params.blockId, body, await req.principal(), actorOf(req));
      return null;
    },
    onBlock,
  );
  on(
    c.release,
    async ({ params }, req) => {
      await d.monitor.release(params.blockId, params.userId, await req.principal(), actorOf(req));
      return null;
    },
    onBlock,
  );
}
