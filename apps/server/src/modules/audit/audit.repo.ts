import type { Db } from '../../infra/db';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  action: string;
  userId?: number | null;
  schoolId?: number | null;
  examId?: number | null;
  target?: string | null;
  /** before/after and whatever explains the change */
  detail?: unknown;
  ip?: string | null;
}

export function auditRepo(db: Db) {
  return {
    async insert(e: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        action: e.action,
        userId: e.userId ?? null,
        schoolId: e.schoolId ?? null,
        examId: e.examId ?? null,
        target: e.target ?? null,
        detail: e.detail ?? null,
        ip: e.ip ?? null,
      });
    },
  };
}
