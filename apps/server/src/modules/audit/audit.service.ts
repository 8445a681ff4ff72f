import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { auditRepo, AuditEntry } from './audit.repo';

/** 动态日志. Pass the transaction handle so the log line commits or rolls back with the change it describes. */
export function auditService(d: { repo: typeof auditRepo }) {
  return {
    record: (db: Db, entry: AuditEntry): Promise<void> => d.repo(db).insert(entry),
  };
}
export type AuditService = ReturnType<typeof auditService>;

/**
 * The log line of a change to one 题块: it names the block by id and name (the name as it was then), so the
 * 动态日志 reads without a lookup; `detail` follows the two.
 */
export function blockEntry(
  action: string,
  block: { examId: number; id: number; name: string },
  actor: Actor,
  detail: Record<string, unknown>,
): AuditEntry {
  return {
    action,
    examId: block.examId,
    ...actor,
    target: `block:${block.id}`,
    detail: { blockId: block.id, blockName: block.name, ...detail },
  };
}
