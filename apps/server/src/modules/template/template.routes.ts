import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, intParam, templateContract as c, templateImageKey } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { abandonedSignal, actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { TemplateImageService } from './template-image.service';
import type { TemplateService } from './template.service';

const params = z.object({ id: idParam() });
const TEMPLATE_IMAGE_LIMIT = 30 * 1024 * 1024;

export function templateRoutes(
  app: FastifyInstance,
  d: { templates: TemplateService; images: TemplateImageService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  on(c.list, ({ params }) => d.templates.list(params.id), subject);
  on(c.save, ({ params, body }, req) => d.templates.save(params.id, body, actorOf(req)), subject);
  on(
    c.activate,
    ({ params }, req) => d.templates.activate(params.id, params.templateId, actorOf(req)),
    subject,
  );
  on(
    c.remove,
    async ({ params }, req) => {
      await d.templates.remove(params.id, params.templateId, actorOf(req));
      return null;
    },
    subject,
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
    async (req, reply) => {
      const data = await readUpload(
        req,
        TEMPLATE_IMAGE_LIMIT,
        'templateImageRequired',
        'templateImageTooLarge',
      );
      const job = { user: actorOf(req).userId, signal: abandonedSignal(reply) };
      return ok(
        await heavy(
          req,
          () => d.images.upload(req.params.id, { name: '答题卡图片', data }, req.query, job),
          job.signal,
        ),
      );
    },
  );
  r.get(
    '/api/subject/:id/template/image/:key',
    { schema: { params: params.extend({ key: templateImageKey }) }, config: read },
    async (req, reply) => {
      const img = await d.images.image(req.params.id, req.params.key);
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(img);
    },
  );
  on(c.patch, ({ params, body }) => d.images.patch(params.id, body.key, body.rect), subject);
  on(c.validate, ({ params }) => d.templates.validate(params.id, params.templateId), subject);
}
