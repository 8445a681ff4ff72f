import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { noticeRepo } from './notice.repo';
import { noticeService } from './notice.service';

/** The notice module wired (composition root: routes.ts): its repository passed into its service here. */
export function noticeModule(d: { db: Db; audit: AuditService }) {
  return { notice: noticeService({ ...d, repo: noticeRepo }) };
}
export type NoticeModule = ReturnType<typeof noticeModule>;
