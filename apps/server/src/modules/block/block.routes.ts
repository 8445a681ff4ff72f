import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { blocksSave } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { BlockPreviewService } from './block-preview.service';
import type { BlockService } from './block.service';

const params = z.object({ id: idParam() });
const id = idParam();

export function blockRoutes(
  app: FastifyInstance,
  d: { blocks: BlockService; cuts: BlockPreviewService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/subject/:id/setting/block',
    { schema: { params }, config: { capability: 'exam.read', scope: d.scopes.subjectParam } },
    async (req) => ok(await d.blocks.list(req.params.id)),
  );
  r.post(
    '/api/subject/:id/setting/block',
    {
      schema: { params, body: blocksSave },
      config: { capability: 'subject.setting.edit', scope: d.scopes.subjectParam },
    },
    async (req) => {
      await d.blocks.save(req.params.id, req.body.blocks, actorOf(req));
      return ok(await d.blocks.list(req.params.id));
    },
  );
  // exam/{examId}/setting/block: the blocks of every subject at a glance
  r.get(
    '/api/exam/:examId/setting/block',
    {
      schema: { params: z.object({ examId: id }) },
      config: { capability: 'exam.read', scope: d.scopes.examParam },
    },
    async (req) => ok(await d.blocks.ofExam(req.params.examId)),
  );
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
