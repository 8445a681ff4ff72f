import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import { accountService } from './account.service';
import { authService } from './auth.service';
import { bindPhoneService } from './bind-phone.service';
import { captchaService } from './captcha';
import { guardRepo } from './guard.repo';
import { resetService } from './reset.service';
import { scanLoginRepo } from './scan-login.repo';
import { scanLoginService } from './scan-login.service';
import { sessionRepo } from './session.repo';
import { sessionService } from './session.service';
import type { SmsProvider } from './sms';
import { userRepo } from './user.repo';

/**
 * The auth module wired (composition root: routes.ts): its repositories built here and passed into its
 * services — bound to the database for reads, and as factories for the services' transactions.
 */
export function authModule(d: {
  db: Db;
  audit: AuditService;
  sms: SmsProvider;
  storage: Storage;
  sessions: { idleMs: number; maxMs: number; cacheMs?: number };
  smsDailyLimit: number;
}) {
  const { db, audit } = d;
  const sessions = sessionService(sessionRepo(db), d.sessions);
  const users = userRepo(db);
  const guard = guardRepo(db);
  const captcha = captchaService(guard);
  const auth = authService({ db, users, userRepo, guard, sessions, captcha, audit });
  const reset = resetService({
    db,
    users,
    userRepo,
    guard,
    guardRepo,
    sessions,
    sms: d.sms,
    audit,
    dailyLimit: d.smsDailyLimit,
  });
  return {
    sessions,
    captcha,
    auth,
    reset,
    bindPhone: bindPhoneService({ db, users, userRepo, sessions, reset, auth, audit }),
    scanLogin: scanLoginService({ db, repo: scanLoginRepo(db), scanLoginRepo, users, auth, audit }),
    account: accountService({ db, users, userRepo, sessions, storage: d.storage, audit }),
  };
}
export type AuthModule = ReturnType<typeof authModule>;
