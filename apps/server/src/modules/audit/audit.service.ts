import type { Db } from '../../infra/db';
import type { auditRepo, AuditEntry } from './audit.repo';

/** 动态日志. Pass the transaction handle so the log line commits or rolls back with the change it describes. */
export function auditService(d: { repo: typeof auditRepo }) {
  return {
    record: (db: Db, entry: AuditEntry): Promise<void> => d.repo(db).insert(entry),
  };
}
export type AuditService = ReturnType<typeof auditService>;
