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
        userId: actor.userId,
        ip: actor.ip,
        detail: { before: admins.find((a) => a.userId === userId) },
      });
    });
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
      const initialPassword = randomPassword();
      return within.transaction(async (tx) => {
        let u = await d.users(tx).findByPhone(phone);
        let created = false;
        if (!u) {
          if (!name) throw fail('adminNameRequired');
          if (await d.users(tx).findByLogin(phone)) throw fail('phoneTaken', { phone });
          u = await d.users(tx).insert({
            account: phone,
            phone,
            name,
            passwordHash: await hashPassword(initialPassword),
            mustChangePassword: true,
          });
          created = true;
        }
        if (!(await d.repo(tx).add(schoolId, u.id))) throw fail('alreadySchoolAdmin', { name: u.name });
        await d.audit.record(tx, {
          action: 'schoolAdmin.add',
          schoolId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { after: { userId: u.id, name: u.name } },
        });
        return { userId: u.id, initialPassword: created ? initialPassword : null };
      });
    },

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
