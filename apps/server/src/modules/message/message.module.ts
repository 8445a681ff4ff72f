import type { Db } from '../../infra/db';
import { messageRepo } from './message.repo';
import { messageService } from './message.service';

/**
 * The message module wired (composition root: routes.ts; the demo seed too): its repository passed into its
 * service here.
 */
export function messageModule(d: { db: Db }) {
  return { messages: messageService({ db: d.db, repo: messageRepo }) };
}
export type MessageModule = ReturnType<typeof messageModule>;
