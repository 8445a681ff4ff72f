import type { Db } from '../../infra/db';
import type { user } from '../../db/schema';

type UserRow = typeof user.$inferSelect;

/**
 * The accounts a school's teachers and admins are (the auth module's users), as the school module needs them:
 * passed in at the composition root (routes.ts), read and written through the caller's transaction.
 */
export type UserAccounts = (db: Db) => {
  findByPhone(phone: string): Promise<UserRow | null>;
  findByLogin(login: string): Promise<UserRow | null>;
  insert(row: typeof user.$inferInsert): Promise<UserRow>;
  setNameAndPhone(id: number, name: string, phone: string): Promise<void>;
};
