import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { noticeRepo } from './notice.repo';
import { noticeService } from './notice.service';
import { envFlagService } from './env-flag.service';

/** The notice module (系统公告, 客服链接, 系统维护) wired (composition root: routes.ts): its repository passed into its service here. */
export function noticeModule(d: { db: Db; audit: AuditService }) {
  return {
    notice: noticeService({ ...d, repo: noticeRepo }),
    envFlag: envFlagService({ ...d, repo: noticeRepo }),
  };
}
export type NoticeModule = ReturnType<typeof noticeModule>;
export type { EnvFlagService } from './env-flag.service';
export { ENV_FLAG_REFRESH_MS } from './env-flag.service';
