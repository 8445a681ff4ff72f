import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockContract as c, idParam } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { BlockPreviewService } from './block-preview.service';
import type { BlockService } from './block.service';

const id = idParam();

export function blockRoutes(
  app: FastifyInstance,
  d: { blocks: BlockService; cuts: BlockPreviewService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };
  on(c.list, ({ params }) => d.blocks.list(params.id), subject);
  on(
    c.save,
    async ({ params, body }, req) => {
      await d.blocks.save(params.id, body.blocks, actorOf(req));
      return d.blocks.list(params.id);
    },
    subject,
  );
  on(c.ofExam, ({ params }) => d.blocks.ofExam(params.examId), { scope: d.scopes.examParam });
  // setting/block/style: the block's cut image on a sample scan (or on the template picture)
  r.get(
    '/api/subject/:subjectId/block/:blockId/preview',
    {
      schema: {
        params: z.object({ subjectId: id, blockId: id }),
        querystring: z.object({ paperId: id.optional() }),
      },
      config: { capability: 'exam.read', scope: d.scopes.subjectParam },
    },
    async (req, reply) => {
      const { subjectId, blockId } = req.params;
      const cut = await d.cuts.preview(subjectId, blockId, await req.principal(), req.query.paperId);
      const source = cut.source.kind === 'paper' ? `paper:${cut.source.paperId}` : 'template';
      return reply
        .header('cache-control', 'no-store')
        .header('x-cut-source', source)
        .type('image/jpeg')
        .send(cut.body);
    },
  );
}
