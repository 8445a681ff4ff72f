import { randomInt } from 'node:crypto';
import {
  MAX_PARENTS_PER_CHILD,
  PORTAL_ACCOUNT_STATE_LABELS,
  type PortalAccountList,
  type PortalAccountState,
  type PortalLoginInfo,
  type PortalMe,
  type PortalSchoolQr,
} from '@yj/contracts';
import { qrSvg } from '@yj/card';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { maskPhone, newToken, randomPassword } from '../../lib/crypto';
import { writeBook } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import { checkNewPassword, hashPassword, verifyPassword } from '../auth/password';
import type { SessionService } from '../auth/session.service';
import {
  parentLogin,
  studentLogin,
  type AccountListRow,
  type portalAccountRepo,
} from './portal-account.repo';

// 绑定码: letters and digits that cannot be mistaken for one another when copied from paper
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newBindingCode = (): string =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** argon2 is memory-hard: a class's passwords are hashed a few at a time, never hundreds at once. */
async function hashAll(plain: string[], parallel = 4): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < plain.length; i += parallel)
    out.push(...(await Promise.all(plain.slice(i, i + parallel).map(hashPassword))));
  return out;
}

function stateOf(r: AccountListRow): PortalAccountState {
  if (r.userId === null) return 'none';
  if (!r.enrolled || r.userStatus !== 1) return 'disabled';
  return r.mustChange ? 'initial' : 'active';
}

interface Deps {
  db: Db;
  repo: typeof portalAccountRepo;
  audit: AuditService;
  sessions: SessionService;
}

/** The school's side of student accounts: the list, 批量开通, the handout sheet, 重置密码. */
export function portalAccountService(d: Deps) {
  const r = () => d.repo(d.db);
  return {
    async list(schoolId: number, classId?: number): Promise<PortalAccountList> {
      const rows = await r().list(schoolId, classId ? [classId] : null);
      return {
        items: rows.map((x) => ({
          studentId: x.studentId,
          name: x.name,
          xuehao: x.xuehao,
          classId: x.classId,
          className: `${x.gradeName}${x.className}`,
          state: stateOf(x),
          parents: x.parents,
        })),
        classes: await r().classes(schoolId),
      };
    },

    /** 批量开通: an account with a generated initial password and a 绑定码 for every enrolled student without one. */
    async create(schoolId: number, classIds: number[], actor: Actor) {
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const todo = await repo.withoutAccount(schoolId, classIds.length ? classIds : null);
        const passwords = todo.map(() => randomPassword());
        const hashes = await hashAll(passwords);
        const users = await repo.insertUsers(
          todo.map((s, i) => ({
            account: studentLogin(schoolId, s.xuehao),
            name: s.name,
            passwordHash: hashes[i]!,
            mustChangePassword: true,
            kind: 'student',
          })),
        );
        const byAccount = new Map(users.map((u) => [u.account, u.id]));
        await repo.insertAccounts(
          todo.map((s, i) => ({
            studentId: s.id,
            userId: byAccount.get(studentLogin(schoolId, s.xuehao))!,
            schoolId,
            initialPassword: passwords[i]!,
            bindingCode: newBindingCode(),
            createdBy: actor.userId,
          })),
        );
        await d.audit.record(tx, {
          action: 'portal.accounts.create',
          userId: actor.userId,
          schoolId,
          detail: { created: todo.length, classIds },
          ip: actor.ip,
        });
        const total = (await repo.list(schoolId, classIds.length ? classIds : null)).filter(
          (x) => x.userId !== null,
        ).length;
        return { created: todo.length, existing: total - todo.length };
      });
    },

    /** The handout sheet: one worksheet a class with name, 学号, initial password and 绑定码. */
    async sheet(schoolId: number, classId: number | undefined) {
      const schoolName = (await r().schoolName(schoolId)) ?? '';
      const rows = (await r().list(schoolId, classId ? [classId] : null)).filter((x) => x.userId !== null);
      const byClass = new Map<string, AccountListRow[]>();
      for (const x of rows) {
        const name = `${x.gradeName}${x.className}`;
        byClass.set(name, [...(byClass.get(name) ?? []), x]);
      }
      const sheets = [...byClass].map(([name, list]) => ({
        name,
        headers: ['姓名', '学号', '初始密码', '家长绑定码', '状态'],
        widths: [12, 16, 16, 14, 12],
        rows: list.map((x) => [
          x.name,
          x.xuehao,
          x.mustChange ? (x.initialPassword ?? '') : '已修改',
          x.bindingCode ?? '',
          PORTAL_ACCOUNT_STATE_LABELS[stateOf(x)],
        ]),
      }));
      const note = `登录：学生端选择“${schoolName}”，输入学号和初始密码，首次登录须修改密码；家长用手机号登录后凭姓名、学号和绑定码绑定孩子。`;
      return {
        buffer: await writeBook(sheets, note),
        filename: `${schoolName}学生账号.xlsx`,
      };
    },

    /** 重置密码: a new initial password (shown once to the administrator), the student's sessions ended. */
    async reset(schoolId: number, studentId: number, actor: Actor): Promise<{ password: string }> {
      const password = randomPassword();
      const hash = await hashPassword(password);
      const userId = await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const account = await repo.accountOf(schoolId, studentId);
        if (!account) throw fail('studentAccountMissing');
        await repo.resetPassword(studentId, account.userId, hash, password);
        await d.audit.record(tx, {
          action: 'portal.accounts.reset',
          userId: actor.userId,
          schoolId,
          target: String(studentId),
          ip: actor.ip,
        });
        return account.userId;
      });
      await d.sessions.revokeAllOfUser(userId);
      return { password };
    },
  };
}
export type PortalAccountService = ReturnType<typeof portalAccountService>;

/** A student's or parent's own account: who they are, their children, binding, the password. */
export function portalSelfService(d: Deps) {
  const r = () => d.repo(d.db);

  async function me(userId: number): Promise<PortalMe> {
    const u = await r().findUserById(userId);
    if (!u) throw fail('accountNotFound');
    if (u.kind === 'student') {
      const own = await r().studentOfUser(userId);
      return {
        kind: 'student',
        name: u.name,
        phone: null,
        children: await r().children(own ? [own.studentId] : []),
        hasPassword: true,
      };
    }
    return {
      kind: 'parent',
      name: u.name,
      phone: maskPhone(u.account.replace(/^p:/, '')),
      children: await r().children(await r().childIdsOf(userId)),
      hasPassword: u.passwordChangedAt !== null,
    };
  }

  return {
    me,

    /** The student of a student account, refused once they left the school (the account is kept, disabled). */
    async enrolledStudent(userId: number): Promise<number> {
      const own = await r().studentOfUser(userId);
      if (!own?.enrolled) throw fail('accountDisabled');
      return own.studentId;
    },

    childIds: (parentId: number) => r().childIdsOf(parentId),

    /** A parent's account by phone, made at the first sign-in by SMS code. */
    async parentByPhone(phone: string, create: boolean) {
      const found = await r().findUser(parentLogin(phone));
      if (found || !create) return found;
      return r().insertParent({
        account: parentLogin(phone),
        name: '家长',
        // no password until the parent sets one: this hash matches nothing anyone can type
        passwordHash: await hashPassword(newToken()),
        kind: 'parent',
      });
    },

    async changePassword(
      userId: number,
      oldPassword: string | undefined,
      newPassword: string,
      ip: string | null,
    ) {
      const u = await r().findUserById(userId);
      if (!u) throw fail('accountNotFound');
      const needsOld = u.kind === 'student' || u.passwordChangedAt !== null;
      if (needsOld && !(await verifyPassword(u.passwordHash, oldPassword ?? '')))
        throw fail('oldPasswordWrong');
      if (await verifyPassword(u.passwordHash, newPassword)) throw fail('newPasswordSameAsOld');
      checkNewPassword(newPassword, u);
      const hash = await hashPassword(newPassword);
      await d.db.transaction(async (tx) => {
        await d.repo(tx).setPassword(userId, hash);
        await d.audit.record(tx, { action: 'portal.password.change', userId, ip });
      });
    },

    /** 绑定: the child named by the code, checked against the name and 学号 typed; two parents at most. */
    async bind(
      parentId: number,
      req: { name: string; xuehao: string; bindingCode: string },
      ip: string | null,
    ) {
      const match = await r().byBindingCode(req.bindingCode.trim());
      if (!match || !match.enrolled || match.name !== req.name.trim() || match.xuehao !== req.xuehao.trim())
        throw fail('bindingMismatch');
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const parents = await repo.parentsOfLocked(match.studentId);
        if (parents.includes(parentId)) throw fail('childAlreadyBound');
        if (parents.length >= MAX_PARENTS_PER_CHILD) throw fail('childParentsFull');
        await repo.bind(parentId, match.studentId);
        await d.audit.record(tx, {
          action: 'portal.child.bind',
          userId: parentId,
          target: String(match.studentId),
          ip,
        });
      });
      return me(parentId);
    },

    async unbind(parentId: number, studentId: number, ip: string | null) {
      await d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).unbind(parentId, studentId))) throw fail('forbidden');
        await d.audit.record(tx, {
          action: 'portal.child.unbind',
          userId: parentId,
          target: String(studentId),
          ip,
        });
      });
      return me(parentId);
    },

    schools: (q: string) => r().schools(q),

    /** login-user-info: the school a printed QR names, so its sign-in opens with the school chosen. */
    async loginInfo(schoolId: number | undefined): Promise<PortalLoginInfo> {
      const s = schoolId ? await r().schoolById(schoolId) : null;
      return { school: s };
    },

    /** The QR a school prints or shows: it opens 学生端 / 家长端 sign-in with the school chosen. */
    async schoolQr(schoolId: number, serverUrl: string): Promise<PortalSchoolQr> {
      const s = await r().schoolById(schoolId);
      if (!s) throw fail('schoolNotFound');
      const url = `${serverUrl}/minions/portal/login?school=${s.id}`;
      const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg(url)).toString('base64')}`;
      return { schoolName: s.name, url, qr };
    },
  };
}
export type PortalSelfService = ReturnType<typeof portalSelfService>;
