import { heldCapabilities, type LoginRequest, type LoginResponse, type UserProfile } from '@yj/contracts';
import { fail } from '../../errors';
import { avatarUrl, maskPhone } from '../../lib/crypto';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { CaptchaService } from './captcha';
import type { GuardRepo } from './guard.repo';
import type { Grants } from './principal.repo';
import { checkNewPassword, hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import type { userRepo, HeldSchool, UserRepo, UserRow } from './user.repo';

/** After this many failures in the window, a picture captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** Where the web goes after sign-in. */
export const HOME_URL = '/minions/book/home';
/** Where a student or parent goes after sign-in (学生端 / 家长端). */
export const PORTAL_URL = '/minions/portal';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

interface Deps {
  db: Db;
  users: UserRepo;
  /** the same repository in a transaction */
  userRepo: typeof userRepo;
  guard: GuardRepo;
  sessions: SessionService;
  captcha: CaptchaService;
  audit: AuditService;
}

export function authService(d: Deps) {
  const windowStart = (): Date => new Date(Date.now() - FAILURE_WINDOW_MS);

  async function profile(
    u: UserRow,
    currentSchoolId: number | null,
    held?: { schools: HeldSchool[]; grants: Grants },
  ): Promise<UserProfile> {
    const schools = held?.schools ?? (await d.users.schoolsOf(u.id));
    const grants = held?.grants ?? (await d.users.grantsOf(u.id));
    const current = schools.find((s) => s.id === currentSchoolId) ?? schools[0] ?? null;
    const roles = [
      ...(u.isAdmin ? ['admin'] : []),
      ...(schools.some((s) => s.isAdmin) ? ['schoolAdmin'] : []),
      ...(schools.some((s) => !s.isAdmin) ? ['teacher'] : []),
      // from the grants read with the user (their bureaus): getUserInfo stays one statement after the session's
      ...((grants.bureaus?.length ?? 0) > 0 ? ['bureauAdmin'] : []),
    ];
    return {
      id: u.id,
      account: u.account,
      name: u.name,
      phone: maskPhone(u.phone),
      schoolId: current?.id ?? null,
      schoolName: current?.name ?? null,
      schools: schools.map(({ id, name }) => ({ id, name })),
      roles,
      isSchoolAdmin: current?.isAdmin ?? false,
      isAdmin: u.isAdmin,
      avatarUrl: u.avatarKey ? avatarUrl(u.id, u.avatarKey) : null,
      mustChangePassword: u.mustChangePassword,
      held: heldCapabilities(grants),
    };
  }

  async function startSession(
    u: UserRow,
    meta: RequestMeta,
  ): Promise<LoginResponse & { schoolId: number | null }> {
    const schools = await d.users.schoolsOf(u.id);
    const schoolId = schools[0]?.id ?? null;
    const token = await d.sessions.create(u.id, schoolId, meta);
    await d.audit.record(d.db, { action: 'auth.login', userId: u.id, schoolId, ip: meta.ip });
    const home = u.kind === 'staff' ? HOME_URL : PORTAL_URL;
    return { token, user: await profile(u, schoolId), gotoHfsURL: home, schoolId };
  }

  /**
   * A staff account without a phone cannot recover its password nor be reached by SMS: it binds one before its
   * first session. The system administrator is exempt (made on the server's command line, recovered there).
   */
  async function requirePhone(u: UserRow): Promise<void> {
    if (u.phone || u.kind !== 'staff' || u.isAdmin) return;
    throw fail('bindPhoneRequired', {
      captchaType: 'bindPhone',
      bindToken: await d.sessions.createChangeTicket(u.id, 'bind_phone'),
    });
  }

  return {
    profile,

    /** A session for a user another way of proving who they are let in (a parent's SMS code). */
    startSession,

    /**
     * Sign-in with account or phone. Failures answer 用户名或密码错误; repeated ones demand the captcha.
     * `accept` (学生端 / 家长端) refuses an account of the wrong kind as a wrong password, and may refuse more.
     */
    async login(req: LoginRequest, meta: RequestMeta, accept?: (u: UserRow) => Promise<boolean>) {
      const key = req.account.trim().toLowerCase();
      // Counted before the password is checked: of any number of parallel guesses, only the first
      // CAPTCHA_AFTER_FAILURES reach the check without a captcha (reading the count first let 13 of 25 through).
      const attempt = await d.guard.countAttempt(key, windowStart());
      if (attempt > CAPTCHA_AFTER_FAILURES) {
        if (!req.captcha || !req.verifyKey) throw fail('pictureCaptchaRequired', await d.captcha.issue());
        if (!(await d.captcha.check(req.verifyKey, req.captcha))) {
          throw fail('pictureCaptchaWrong', await d.captcha.issue());
        }
      }
      const u = await d.users.findByLogin(req.account.trim());
      const ok =
        (await verifyPassword(u?.passwordHash ?? null, req.password)) && (!u || !accept || (await accept(u)));
      if (!u || !ok) {
        throw fail('loginWrong', attempt >= CAPTCHA_AFTER_FAILURES ? await d.captcha.issue() : null);
      }
      if (u.status !== 1) throw fail('accountDisabled');
      await d.guard.clearFailures(key);
      if (u.mustChangePassword) {
        throw fail('firstLoginPasswordChange', {
          needChangePwd: true,
          changeToken: await d.sessions.createChangeTicket(u.id),
        });
      }
      await requirePhone(u);
      return startSession(u, meta);
    },

    /** Forced change at first sign-in: the ticket from login, then a normal session. */
    async changePwdLogin(changeToken: string, newPassword: string, meta: RequestMeta) {
      const expired = () => fail('passwordChangeTicketExpired');
      const userId = await d.sessions.changeTicketUser(changeToken);
      if (!userId) throw expired();
      const u = await d.users.findById(userId);
      if (!u) throw fail('accountNotFound');
      if (await verifyPassword(u.passwordHash, newPassword)) throw fail('newPasswordSameAsInitial');
      checkNewPassword(newPassword, u);
      // used up only once the password is accepted, and only once
      if ((await d.sessions.redeemChangeTicket(changeToken)) !== userId) throw expired();
      const hash = await hashPassword(newPassword);
      await d.db.transaction(async (tx) => {
        await d.userRepo(tx).setPassword(u.id, hash);
        await d.audit.record(tx, { action: 'account.password.forcedChange', userId: u.id, ip: meta.ip });
      });
      await requirePhone(u);
      return startSession({ ...u, mustChangePassword: false }, meta);
    },

    async logout(sessionId: number, userId: number, meta: RequestMeta): Promise<void> {
      await d.sessions.revoke(sessionId);
      await d.audit.record(d.db, { action: 'auth.logout', userId, ip: meta.ip });
    },

    /** `grants`: the session's, as every capability check of this request sees them. */
    async getUserInfo(userId: number, schoolId: number | null, grants: Grants): Promise<UserProfile> {
      const u = await d.users.findWithSchools(userId);
      if (!u) throw fail('accountNotFound');
      return profile(u, schoolId, { schools: u.schools, grants });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
