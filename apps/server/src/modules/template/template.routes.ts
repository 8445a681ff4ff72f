import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { templateSave } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { TemplateService } from './template.service';

const params = z.object({ id: z.coerce.number().int().positive() });
const one = params.extend({ templateId: z.coerce.number().int().positive() });

export function templateRoutes(
  app: FastifyInstance,
  d: { templates: TemplateService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  r.get('/api/subject/:id/templates', { schema: { params }, config: read }, async (req) =>
    ok(await d.templates.list(req.params.id)),
  );
  r.post('/api/subject/:id/template', { schema: { params, body: templateSave }, config: edit }, async (req) =>
    ok(await d.templates.save(req.params.id, req.body, actorOf(req))),
  );
  r.delete(
    '/api/subject/:id/template/:templateId',
    { schema: { params: one }, config: edit },
    async (req) => {
      await d.templates.remove(req.params.id, req.params.templateId, actorOf(req));
      return ok(null);
    },
  );
  r.post(
    '/api/subject/:id/template/:templateId/validate',
    { schema: { params: one }, config: read },
    async (req) => ok(await d.templates.validate(req.params.id, req.params.templateId)),
  );
}
