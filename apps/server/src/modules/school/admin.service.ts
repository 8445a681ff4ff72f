import type { AdminItem } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { maskPhone, randomPassword } from '../../lib/crypto';
import type { AuditService } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import type { UserAccounts } from './user-accounts';
import type { adminRepo } from './admin.repo';
import type { Actor } from '../../lib/actor';

/** School administrators (spec §6): add, remove another, cancel by phone; a school always keeps one. */
export function adminService(d: {
  db: Db;
  repo: typeof adminRepo;
  audit: AuditService;
  users: UserAccounts;
}) {
  async function removeUser(schoolId: number, userId: number, actor: Actor, action: string) {
    await d.db.transaction(async (tx) => {
      const admins = await d.repo(tx).list(schoolId);
      if (!admins.some((a) => a.userId === userId)) throw fail('notSchoolAdmin');
      if (admins.length <= 1) throw fail('lastSchoolAdmin');
      await d.repo(tx).remove(schoolId, userId);
      await d.audit.record(tx, {
        action,
        schoolId,
        ...actor,
        detail: { before: admins.find((a) => a.userId === userId) },
      });
    });
  }

  /**
   * The account of a phone, created (forced password change) when new: its one-time password is answered then
   * only. School and bureau administrators are added by phone alike.
   */
  async function accountOf(tx: Db, phone: string, name: string | undefined) {
    const found = await d.users(tx).findByPhone(phone);
    if (found) return { user: found, initialPassword: null };
    if (!name) throw fail('adminNameRequired');
    if (await d.users(tx).findByLogin(phone)) throw fail('phoneTaken', { phone });
    const initialPassword = randomPassword();
    const user = await d.users(tx).insert({
      account: phone,
      phone,
      name,
      passwordHash: await hashPassword(initialPassword),
      mustChangePassword: true,
    });
    return { user, initialPassword };
  }

  return {
    async list(schoolId: number, showPhone: boolean): Promise<AdminItem[]> {
      const admins = await d.repo(d.db).list(schoolId);
      return admins.map((a) => ({ ...a, phone: showPhone ? a.phone : maskPhone(a.phone) }));
    },

    /** Makes the owner of a phone an administrator, creating the account (forced password change) when new. */
    /** `within`: an enclosing transaction (a new school and its first administrator commit together). */
    async add(
      schoolId: number,
      phone: string,
      name: string | undefined,
      actor: Actor,
      within: Db = d.db,
    ): Promise<{ userId: number; initialPassword: string | null }> {
      return within.transaction(async (tx) => {
        const { user: u, initialPassword } = await accountOf(tx, phone, name);
        if (!(await d.repo(tx).add(schoolId, u.id))) throw fail('alreadySchoolAdmin', { name: u.name });
        await d.audit.record(tx, {
          action: 'schoolAdmin.add',
          schoolId,
          ...actor,
          detail: { after: { userId: u.id, name: u.name } },
        });
        return { userId: u.id, initialPassword };
      });
    },

    accountOf,

    async remove(schoolId: number, userId: number, actor: Actor): Promise<void> {
      if (userId === actor.userId) throw fail('cannotRemoveSelfAdmin');
      await removeUser(schoolId, userId, actor, 'schoolAdmin.remove');
    },

    async cancelByPhone(schoolId: number, phone: string, actor: Actor): Promise<void> {
      const u = await d.users(d.db).findByPhone(phone);
      if (!u) throw fail('notSchoolAdmin');
      await removeUser(schoolId, u.id, actor, 'schoolAdmin.cancel');
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
