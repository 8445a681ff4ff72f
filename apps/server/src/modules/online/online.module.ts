import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { PortalSelfService } from '../portal/portal-account.service';
import { onlineRepo } from './online.repo';
import { onlineService } from './online.service';
import { onlineSitService } from './online-sit.service';
import { onlineSubmitter } from './online-submit';
import { onlineBlockRegions, onlinePapers } from './online-paper';
import type { OnlineRegions } from '../subject/review-start-check';
import { onlinePaperRepo } from './online-paper.repo';

/** 在线考试 wired (composition root: routes.ts): the school's setting and list, the students' sitting. */
export function onlineModule(d: { db: Db; audit: AuditService; self: PortalSelfService; storage: Storage }) {
  const papers = onlinePapers({ storage: d.storage, repo: onlinePaperRepo });
  const submitter = onlineSubmitter({ db: d.db, repo: onlineRepo, papers });
  return {
    online: onlineService({ db: d.db, audit: d.audit, repo: onlineRepo, submitter }),
    sit: onlineSitService({ db: d.db, repo: onlineRepo, self: d.self, submitter }),
  };
}

/** 开始阅卷's port for an online subject: the blocks' regions set to their questions' typed pages. */
export const onlineRegions: OnlineRegions = async (tx, subjectId) =>
  onlineBlockRegions(tx, subjectId, onlinePaperRepo, await onlineRepo(tx).questions(subjectId));
