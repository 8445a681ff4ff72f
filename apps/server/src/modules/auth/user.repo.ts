import { and, asc, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { SchoolRef } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { school, schoolAdmin, teacher, user } from '../../db/schema';
import { grantColumns, type Grants } from './principal.repo';

export type UserRow = typeof user.$inferSelect;

export type HeldSchool = SchoolRef & { isAdmin: boolean };

export function userRepo(db: Db) {
  // getUserInfo runs on every page load: the user and their schools in one prepared statement (built on first use).
  // Not the grants: the session's lookup read them (and forgets them on any grant write), so the profile takes
  // them from there and this statement skips their five subqueries (bench:api, issue 36).
  // Plain column names: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
  let withSchools: ReturnType<typeof prepareWithSchools> | undefined;
  function prepareWithSchools() {
    return db
      .select({
        ...getTableColumns(user),
        schools: sql<HeldSchool[]>`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name,
          'isAdmin', h.is_admin) order by h.is_admin desc, s.id)
          from (select school_id, bool_or(is_admin) as is_admin from (
            select school_id, true as is_admin from school_admin where user_id = "user".id
            union all
            select school_id, false from teacher where user_id = "user".id and deleted_at is null) held
          group by school_id) h join school s on s.id = h.school_id), '[]')`,
      })
      .from(user)
      .where(eq(user.id, sql.placeholder('id')))
      .prepare('user_with_schools');
  }
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
    /** What the user holds (the principal's grants), for the profile's `held`. */
    async grantsOf(id: number): Promise<Grants> {
      const [row] = await db.select(grantColumns()).from(user).where(eq(user.id, id));
      return row ?? { isAdmin: false, schoolAdminOf: [], teacherOf: [], examRoles: [] };
    },
    /** The user with `schoolsOf` in one statement. */
    async findWithSchools(id: number): Promise<(UserRow & { schools: HeldSchool[] }) | null> {
      withSchools ??= prepareWithSchools();
      const [row] = await withSchools.execute({ id });
      return row ?? null;
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
    /**
     * Renames and re-phones a user. The login name is left as it is: rewriting it silently would hand the
     * account to whoever owns the new phone (issue 19); the old phone still signs in until it is reused.
     */
    async setNameAndPhone(id: number, name: string, phone: string): Promise<void> {
      await db.update(user).set({ name, phone }).where(eq(user.id, id));
    },
    async setPhone(id: number, phone: string): Promise<void> {
      await db.update(user).set({ phone }).where(eq(user.id, id));
    },
    async setAvatar(id: number, avatarKey: string): Promise<void> {
      await db.update(user).set({ avatarKey }).where(eq(user.id, id));
    },
    async insert(row: typeof user.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(user).values(row).returning();
      return created!;
    },
    /** Schools the user administers or teaches in, administered first. */
    async schoolsOf(userId: number): Promise<HeldSchool[]> {
      // One statement for both roles, by the user_id indexes: every getUserInfo runs it.
      const held = db
        .select({ schoolId: schoolAdmin.schoolId, isAdmin: sql<boolean>`true`.as('is_admin') })
        .from(schoolAdmin)
        .where(eq(schoolAdmin.userId, userId))
        .unionAll(
          db
            .select({ schoolId: teacher.schoolId, isAdmin: sql<boolean>`false`.as('is_admin') })
            .from(teacher)
            .where(and(eq(teacher.userId, userId), isNull(teacher.deletedAt))),
        )
        .as('held');
      const isAdmin = sql<boolean>`bool_or(${held.isAdmin})`;
      return db
        .select({ id: school.id, name: school.name, isAdmin })
        .from(held)
        .innerJoin(school, eq(school.id, held.schoolId))
        .groupBy(school.id)
        .orderBy(desc(isAdmin), asc(school.id));
    },
  };
}
export type UserRepo = ReturnType<typeof userRepo>;
