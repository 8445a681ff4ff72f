import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  onlineContract as c,
  portalOnlineContract as p,
  DOCX_MAX_BYTES,
  ONLINE_PHOTO_MAX_BYTES,
  onlineImageParam,
  onlineSubjectParam,
  ONLINE_IMAGE_PATH,
  photoParam,
  PORTAL_ONLINE_IMAGE_PATH,
  photoUploadParam,
} from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { OnlineImage, OnlineImageService } from './online-image.service';
import type { OnlineService } from './online.service';
import type { OnlineSitService } from './online-sit.service';
import type { OnlineImport } from './online-import';
import type { OnlinePhotoService } from './online-photo.service';

interface Deps {
  online: OnlineService;
  sit: OnlineSitService;
  docx: OnlineImport;
  photos: OnlinePhotoService;
  images: OnlineImageService;
  scopes: ExamScopes;
}

/**
 * An imported image as sent: privately cached (it never changes under its id), never sniffed, and sandboxed, so
 * an SVG opened on its own runs no script on the site's origin.
 */
function sendImage(reply: FastifyReply, img: OnlineImage) {
  return reply
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .type(img.type)
    .send(img.body);
}

/** 在线考试: the school's setting, 发布 / 取消, who sits, 重新开放 and 补考; the student's sitting on 学生端. */
export function onlineRoutes(app: FastifyInstance, d: Deps): void {
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };
  on(c.setting, ({ params }) => d.online.setting(params.subjectId), subject);
  on(c.save, ({ params, body }, req) => d.online.save(params.subjectId, body, actorOf(req)), subject);
  on(c.launch, ({ params }, req) => d.online.launch(params.subjectId, actorOf(req)), subject);
  on(c.cancel, ({ params }, req) => d.online.cancel(params.subjectId, actorOf(req)), subject);
  on(
    c.sitters,
    async ({ params, query }, req) => d.online.sitters(await req.principal(), params.subjectId, query),
    subject,
  );
  on(
    c.reopen,
    async ({ params, body }, req) =>
      d.online.reopen(await req.principal(), params.subjectId, params.examineeId, body, actorOf(req)),
    subject,
  );
  on(
    c.makeup,
    async ({ params, body }, req) =>
      d.online.makeup(await req.principal(), params.subjectId, body, actorOf(req)),
    subject,
  );
  on(
    c.makeupWithdraw,
    async ({ params, body }, req) =>
      d.online.withdrawMakeup(await req.principal(), params.subjectId, body.examineeIds, actorOf(req)),
    subject,
  );

  // 从 Word 导入 stays on Fastify's own registration (a multipart body), under the content's capability and scope
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/subject/:subjectId/online/import-docx',
    {
      schema: { params: onlineSubjectParam },
      config: { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam },
    },
    async (req) => {
      const file = await readUpload(req, DOCX_MAX_BYTES, 'docxFileRequired', 'docxFileTooLarge');
      return ok(await heavy(req, () => d.docx.importDocx(req.params.subjectId, file)));
    },
  );
  // an imported image: whoever may read the content sees it, on the school's pages (files: Fastify's own routes)
  app.withTypeProvider<ZodTypeProvider>().get(
    ONLINE_IMAGE_PATH,
    {
      schema: { params: onlineImageParam },
      config: { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam },
    },
    async (req, reply) => sendImage(reply, await d.images.staff(req.params.subjectId, req.params.imageId)),
  );

  on(p.list, async (_in, req) => d.sit.list(await req.principal()));
  on(p.view, async ({ params }, req) => d.sit.view(await req.principal(), params.subjectId));
  on(p.start, async ({ params }, req) => d.sit.start(await req.principal(), params.subjectId));
  on(p.answer, async ({ params, body }, req) => d.sit.answer(await req.principal(), params.subjectId, body));
  on(p.leave, async ({ params }, req) => d.sit.leave(await req.principal(), params.subjectId));
  on(p.arrangePhotos, async ({ params, body }, req) =>
    d.photos.arrange(await req.principal(), params.subjectId, body),
  );
  on(p.removePhoto, async ({ params }, req) =>
    d.photos.remove(await req.principal(), params.subjectId, params.photoId),
  );
  // a photo's upload and image stay on Fastify's own registration: a multipart body, an image answer
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/portal/online/:subjectId/photos/:no/upload',
    { schema: { params: photoUploadParam }, config: { capability: 'portal.online' } },
    async (req) => {
      const body = await readUpload(
        req,
        ONLINE_PHOTO_MAX_BYTES,
        'onlinePhotoRequired',
        'onlinePhotoTooLarge',
      );
      return ok(await d.photos.upload(await req.principal(), req.params.subjectId, req.params.no, body));
    },
  );
  r.get(
    '/api/portal/online/:subjectId/photos/:photoId',
    { schema: { params: photoParam }, config: { capability: 'portal.online' } },
    async (req, reply) => {
      const img = await d.photos.image(await req.principal(), req.params.subjectId, req.params.photoId);
      return reply.header('cache-control', 'private, max-age=3600').type('image/jpeg').send(img);
    },
  );
  r.get(
    PORTAL_ONLINE_IMAGE_PATH,
    { schema: { params: onlineImageParam }, config: { capability: 'portal.online' } },
    async (req, reply) =>
      sendImage(
        reply,
        await d.images.portal(await req.principal(), req.params.subjectId, req.params.imageId),
      ),
  );
  on(p.submit, async ({ params }, req) => d.sit.submit(await req.principal(), params.subjectId));
}
