import type { BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { ResetService } from '../auth/reset.service';
import type { SessionService } from '../auth/session.service';
import { portalAccountRepo } from './portal-account.repo';
import { portalAccountService, portalSelfService } from './portal-account.service';
import { portalLoginService } from './portal-login.service';
import { portalResultsRepo } from './portal-results.repo';
import { portalResultsService } from './portal-results.service';

/** 学生端 / 家长端 wired (composition root: routes.ts): accounts, sign-in, results and 发布设置. */
export function portalModule(d: {
  db: Db;
  audit: AuditService;
  storage: Storage;
  auth: AuthService;
  reset: ResetService;
  sessions: SessionService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
}) {
  const { db, audit } = d;
  const base = { db, audit, repo: portalAccountRepo, sessions: d.sessions };
  const self = portalSelfService(base);
  return {
    accounts: portalAccountService(base),
    self,
    login: portalLoginService({ db, results: portalResultsRepo, auth: d.auth, reset: d.reset, self }),
    results: portalResultsService({
      db,
      audit,
      repo: portalResultsRepo,
      self,
      storage: d.storage,
      paperImage: d.paperImage,
    }),
  };
}
