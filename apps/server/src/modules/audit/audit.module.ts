import type { Db } from '../../infra/db';
import { auditQueryRepo } from './audit-query.repo';
import { auditQueryService } from './audit-query.service';
import { auditRepo } from './audit.repo';
import { auditService } from './audit.service';

/**
 * The audit module wired (composition root: routes.ts; the CLI and the demo seed too): its repositories passed
 * into its services here. `audit` writes a log line in the caller's transaction; `log` reads 动态日志.
 */
export function auditModule(d: { db: Db }) {
  return {
    audit: auditService({ repo: auditRepo }),
    log: auditQueryService({ db: d.db, repo: auditQueryRepo }),
  };
}
export type AuditModule = ReturnType<typeof auditModule>;
