import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { SMS_TO_LOG_WARNING } from '../auth/sms';
import { homeContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf } from '../../plugins/http';
import type { NoticeService } from './notice.service';
import type { EnvFlagService } from './env-flag.service';

export function noticeRoutes(
  app: FastifyInstance,
  d: { notice: NoticeService; envFlag: EnvFlagService; smsProvider: Config['smsProvider'] },
): void {
  const on = contractRoutes(app);
  on(c.notice, () => d.notice.current());
  on(c.saveNotice, ({ body }, req) => d.notice.update(body, authOf(req).userId));
  on(c.serviceLinks, async (_in, req) => d.notice.serviceLinks(await req.principal()));
  on(c.editServiceLinks, () => d.notice.editServiceLinks());
  on(c.saveServiceLinks, ({ body }, req) => d.notice.saveServiceLinks(body, authOf(req).userId));
  on(c.envFlag, async () => d.envFlag.answer());
  on(c.setEnvFlag, ({ body }, req) => d.envFlag.set(body, authOf(req).userId));
  on(c.clearEnvFlag, (_in, req) => d.envFlag.clear(authOf(req).userId));
  on(c.systemWarnings, async () =>
    d.smsProvider === 'log' ? [{ kind: 'smsToLog' as const, message: SMS_TO_LOG_WARNING }] : [],
  );
}
