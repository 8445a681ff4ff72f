import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DynamicLogItem, Paged } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { auditLog, user } from '../../db/schema';

export function auditQueryRepo(db: Db) {
  return {
    byExam: (examId: number, page: number, size: number) => pageOf(eq(auditLog.examId, examId), page, size),
    bySchool: (schoolId: number, page: number, size: number) =>
      pageOf(eq(auditLog.schoolId, schoolId), page, size),
  };

  async function pageOf(where: SQL, page: number, size: number): Promise<Paged<DynamicLogItem>> {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where);
    const rows = await db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userName: user.name,
        action: auditLog.action,
        target: auditLog.target,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size);
    return { total: Number(count?.n ?? 0), size, items: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
  }
}
