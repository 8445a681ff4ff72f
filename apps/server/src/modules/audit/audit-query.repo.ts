import { desc, eq, sql } from 'drizzle-orm';
import type { DynamicLogItem, Paged } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { auditLog, user } from '../../db/schema';

export function auditQueryRepo(db: Db) {
  return {
    async byExam(examId: number, page: number, size: number): Promise<Paged<DynamicLogItem>> {
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.examId, examId));
      const rows = await db
        .select({ id: auditLog.id, at: auditLog.at, userName: user.name, action: auditLog.action, target: auditLog.target, detail: auditLog.detail })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.userId))
        .where(eq(auditLog.examId, examId))
        .orderBy(desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size);
      return { total: Number(count?.n ?? 0), size, items: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
    },
  };
}
