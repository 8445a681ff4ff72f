import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { SchoolRef } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { school, schoolAdmin, teacher, user } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;

export function userRepo(db: Db) {
  return {
    async findByLogin(login: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(user)
        .where(or(sql`lower(${user.account}) = lower(${login})`, eq(user.phone, login)))
        .limit(1);
      return rows[0] ?? null;
    },
    async findById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findByPhone(phone: string): Promise<UserRow | null> {
      const rows = await db.select().from(user).where(eq(user.phone, phone)).limit(1);
      return rows[0] ?? null;
    },
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db
        .update(user)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
        .where(eq(user.id, id));
    },
    /** Renames and re-phones a user; a login name that was the old phone follows the new phone. */
    async setNameAndPhone(id: number, name: string, phone: string, oldPhone: string | null): Promise<void> {
      await db
        .update(user)
        .set({
          name,
          phone,
          account: sql`case when ${user.account} = ${oldPhone ?? ''} then ${phone} else ${user.account} end`,
        })
        .where(eq(user.id, id));
    },
    async setAvatar(id: number, avatarKey: string): Promise<void> {
      await db.update(user).set({ avatarKey }).where(eq(user.id, id));
    },
    async insert(row: typeof user.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(user).values(row).returning();
      return created!;
    },
    /** Schools the user administers or teaches in, administered first. */
    async schoolsOf(userId: number): Promise<Array<SchoolRef & { isAdmin: boolean }>> {
      const admin = await db
        .select({ id: school.id, name: school.name })
        .from(schoolAdmin)
        .innerJoin(school, eq(school.id, schoolAdmin.schoolId))
        .where(eq(schoolAdmin.userId, userId));
      const taught = await db
        .select({ id: school.id, name: school.name })
        .from(teacher)
        .innerJoin(school, eq(school.id, teacher.schoolId))
        .where(and(eq(teacher.userId, userId), isNull(teacher.deletedAt)));
      const out = admin.map((s) => ({ ...s, isAdmin: true }));
      for (const s of taught) if (!out.some((o) => o.id === s.id)) out.push({ ...s, isAdmin: false });
      return out;
    },
  };
}
export type UserRepo = ReturnType<typeof userRepo>;
