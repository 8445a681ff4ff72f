import { and, asc, eq } from 'drizzle-orm';
import type { AdminItem } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { schoolAdmin, user } from '../../db/schema';

export function adminRepo(db: Db) {
  return {
    async list(schoolId: number): Promise<AdminItem[]> {
      return db
        .select({ userId: user.id, name: user.name, phone: user.phone })
        .from(schoolAdmin)
        .innerJoin(user, eq(user.id, schoolAdmin.userId))
        .where(eq(schoolAdmin.schoolId, schoolId))
        .orderBy(asc(schoolAdmin.id));
    },
    async add(schoolId: number, userId: number): Promise<boolean> {
      const rows = await db
        .insert(schoolAdmin)
        .values({ schoolId, userId })
        .onConflictDoNothing()
        .returning({ id: schoolAdmin.id });
      return rows.length > 0;
    },
    async remove(schoolId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(schoolAdmin)
        .where(and(eq(schoolAdmin.schoolId, schoolId), eq(schoolAdmin.userId, userId)))
        .returning({ id: schoolAdmin.id });
      return rows.length > 0;
    },
  };
}
