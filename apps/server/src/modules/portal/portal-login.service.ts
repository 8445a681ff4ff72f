import type { ParentLoginRequest, PortalLoginRequest } from '@yj/contracts';
import { fail } from '../../errors';
import type { AuthService, RequestMeta } from '../auth/auth.service';
import type { ResetService } from '../auth/reset.service';
import { parentLogin, studentLogin } from './portal-account.repo';
import type { PortalSelfService } from './portal-account.service';

/**
 * Sign-in of students and parents, on the staff's own path (auth.service login): the same failure counter,
 * picture captcha, forced first change and sessions; the routes carry the same per-address rate limit. Only the
 * account name differs (school + 学号, or the parent's phone) and an account of another kind is a wrong password.
 */
export function portalLoginService(d: { auth: AuthService; reset: ResetService; self: PortalSelfService }) {
  return {
    student(req: PortalLoginRequest, meta: RequestMeta) {
      const account = studentLogin(req.schoolId, req.xuehao.trim());
      return d.auth.login({ ...req, account }, meta, async (u) => {
        if (u.kind !== 'student') return false;
        // a student who left keeps the account and its history, disabled
        await d.self.enrolledStudent(u.id);
        return true;
      });
    },

    /** 家长: the SMS code (the staff's SMS path: daily quota, resend wait), or the password once set. */
    async parent(req: ParentLoginRequest, meta: RequestMeta) {
      if ('code' in req) {
        await d.reset.takeLoginCode(req.phone, req.code);
        const u = await d.self.parentByPhone(req.phone, true);
        if (!u || u.kind !== 'parent') throw fail('loginWrong', null);
        if (u.status !== 1) throw fail('accountDisabled');
        return d.auth.startSession(u, meta);
      }
      return d.auth.login(
        { ...req, account: parentLogin(req.phone) },
        meta,
        async (u) => u.kind === 'parent',
      );
    },

    parentSms: (phone: string) => d.reset.sendLoginCode(phone),

    logout: (sessionId: number, userId: number, meta: RequestMeta) => d.auth.logout(sessionId, userId, meta),
  };
}
export type PortalLoginService = ReturnType<typeof portalLoginService>;
