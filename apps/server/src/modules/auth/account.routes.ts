import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { AVATAR_MAX_BYTES, authContract as c } from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { authOf, ok, readUpload } from '../../plugins/http';
import type { AccountService } from './account.service';

export function accountRoutes(app: FastifyInstance, d: { account: AccountService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);

  on(c.changePassword, async ({ body }, req) => {
    const a = authOf(req);
    await d.account.changePassword(a.userId, a.sessionId, body.oldPassword, body.newPassword, req.ip);
    return null;
  });

  // the upload and the picture stay on Fastify's own registration: a multipart body, an image answer

  r.post('/api/account/avatar/upload', { config: { capability: 'account.self' } }, async (req) => {
    const a = authOf(req);
    const body = await readUpload(req, AVATAR_MAX_BYTES, 'avatarImageRequired', 'avatarTooLarge');
    return ok(await d.account.uploadAvatar(a.userId, body));
  });

  r.get(
    '/api/account/avatar/:userId',
    {
      schema: { params: z.object({ userId: idParam() }) },
      config: { capability: 'account.self' },
    },
    async (req, reply) => {
      const img = await d.account.avatar(await req.principal(), req.params.userId);
      if (!img) throw fail('avatarNotSet');
      return reply.header('cache-control', 'private, max-age=86400').type('image/webp').send(img);
    },
  );
}
