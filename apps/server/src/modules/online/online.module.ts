import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { PortalSelfService } from '../portal/portal-account.service';
import { onlineRepo } from './online.repo';
import { onlineService } from './online.service';
import { onlineSitService } from './online-sit.service';
import { onlineSubmitter } from './online-submit';

/** 在线考试 wired (composition root: routes.ts): the school's setting and list, the students' sitting. */
export function onlineModule(d: { db: Db; audit: AuditService; self: PortalSelfService }) {
  const submitter = onlineSubmitter({ db: d.db, repo: onlineRepo });
  return {
    online: onlineService({ db: d.db, audit: d.audit, repo: onlineRepo, submitter }),
    sit: onlineSitService({ db: d.db, repo: onlineRepo, self: d.self, submitter }),
  };
}
