import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { messageEvents, type BlockProgress } from './message-events';
import { messageRepo } from './message.repo';
import { messageService } from './message.service';

/**
 * The message module wired (composition root: routes.ts; the demo seed too): its repository passed into its
 * service here. `progress` (marking's port) lets the system messages see when a block is marked to the end.
 */
export function messageModule(d: { db: Db; audit: AuditService; progress?: BlockProgress }) {
  const progress: BlockProgress = d.progress ?? (async () => []);
  return {
    messages: messageService({ db: d.db, repo: messageRepo, audit: d.audit }),
    events: messageEvents({ db: d.db, repo: messageRepo, progress }),
  };
}
export type MessageModule = ReturnType<typeof messageModule>;
