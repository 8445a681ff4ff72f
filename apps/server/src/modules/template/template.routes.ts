import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intParam } from '@yj/contracts';
import { templateSave, TemplateRectSchema } from '@yj/contracts';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { TemplateImageService } from './template-image.service';
import type { TemplateService } from './template.service';

const params = z.object({ id: idParam() });
const one = params.extend({ templateId: idParam() });
const imageKey = z.string().regex(/^[0-9a-f]{64}$/, '图片标识无效');
const TEMPLATE_IMAGE_LIMIT = 30 * 1024 * 1024;

export function templateRoutes(
  app: FastifyInstance,
  d: { templates: TemplateService; images: TemplateImageService; scopes: ExamScopes },
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
  r.post(
    '/api/subject/:id/template/:templateId/active',
    { schema: { params: one }, config: edit },
    async (req) => ok(await d.templates.activate(req.params.id, req.params.templateId, actorOf(req))),
  );
  r.delete(
    '/api/subject/:id/template/:templateId',
    { schema: { params: one }, config: edit },
    async (req) => {
      await d.templates.remove(req.params.id, req.params.templateId, actorOf(req));
      return ok(null);
    },
  );
  // The template builder: a scanned blank card per page, its auto-recognised regions, location-area patches.
  r.post(
    '/api/subject/:id/template/image',
    {
      schema: {
        params,
        querystring: z.object({
          dpi: intParam(100, 600).default(200),
          page: intParam(0, 99).default(0),
        }),
      },
      config: edit,
    },
    async (req) => {
      const data = await readUpload(
        req,
        TEMPLATE_IMAGE_LIMIT,
        '答题卡图片',
        '图片超过 30 MB，请降低扫描分辨率',
      );
      return ok(
        await heavy(req, () => d.images.upload(req.params.id, { name: '答题卡图片', data }, req.query)),
      );
    },
  );
  r.get(
    '/api/subject/:id/template/image/:key',
    { schema: { params: params.extend({ key: imageKey }) }, config: read },
    async (req, reply) => {
      const img = await d.images.image(req.params.id, req.params.key);
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(img);
    },
  );
  r.post(
    '/api/subject/:id/template/patch',
    { schema: { params, body: z.object({ key: imageKey, rect: TemplateRectSchema }) }, config: edit },
    async (req) => ok(await d.images.patch(req.params.id, req.body.key, req.body.rect)),
  );
  r.post(
    '/api/subject/:id/template/:templateId/validate',
    { schema: { params: one }, config: read },
    async (req) => ok(await d.templates.validate(req.params.id, req.params.templateId)),
  );
}
