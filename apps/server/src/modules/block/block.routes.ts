import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blocksSave } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { BlockService } from './block.service';

const params = z.object({ id: z.coerce.number().int().positive() });

export function blockRoutes(app: FastifyInstance, d: { blocks: BlockService; scopes: ExamScopes }): void {
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
}
