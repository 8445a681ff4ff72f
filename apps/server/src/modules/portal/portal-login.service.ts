import { PORTAL_LOGIN_EXAMS, type ParentLoginRequest, type PortalLoginRequest } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuthService, RequestMeta } from '../auth/auth.service';
import type { ResetService } from '../auth/reset.service';
import { parentLogin, studentLogin } from './portal-account.repo';
import type { PortalSelfService } from './portal-account.service';
import type { portalResultsRepo } from './portal-results.repo';

/**
 * Sign-in of students and parents, on the staff's own path (auth.service login): the same failure counter,
 * picture captcha, forced first change and sessions; the routes carry the same per-address rate limit. Only the
 * account name differs (school + 学号, or the parent's phone) and an account of another kind is a wrong password.
 */
export function portalLoginService(d: {
  db: Db;
  results: typeof portalResultsRepo;
  auth: AuthService;
  reset: ResetService;
  self: PortalSelfService;
}) {
  /**
   * The account a sign-in names: school + 学号, or the 学号 of who sat the chosen exam under the 考号. An unknown
   * 考号 names no account, so it fails (and counts) as a wrong password does: nobody learns which 考号 exist.
   */
  async function accountOf(req: PortalLoginRequest): Promise<string> {
    if ('xuehao' in req) return studentLogin(req.schoolId, req.xuehao.trim());
    const kaohao = req.kaohao.trim();
    const xuehao = await d.results(d.db).xuehaoByKaohao(req.schoolId, req.examId, kaohao);
    return xuehao === null ? `k:${req.schoolId}:${req.examId}:${kaohao}` : studentLogin(req.schoolId, xuehao);
  }

  return {
    /** The 考号 sign-in's choice of exam: the school's newest with published results. */
    schoolExams: (schoolId: number) => d.results(d.db).schoolExams(schoolId, PORTAL_LOGIN_EXAMS),

    async student(req: PortalLoginRequest, meta: RequestMeta) {
      const account = await accountOf(req);
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
