import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';

/**
 * How a scan change is audited (the fixes, 扫描完成 and its reopening, absence): in the change's transaction,
 * under the exam, by the actor, on one target (`paper:…`, `subject:…`) with what it was and became.
 */
export function scanAudit(audit: AuditService) {
  return async <D extends object>(
    db: Db,
    examId: number,
    actor: Actor,
    action: string,
    target: string,
    detail: D,
  ) => {
    await audit.record(db, { action, examId, ...actor, target, detail });
  };
}
