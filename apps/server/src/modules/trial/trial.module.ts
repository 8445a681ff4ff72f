import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { SubjectService } from '../subject/subject.service';
import type { StandardRates } from './standard.service';
import { trialLeadService } from './trial-lead.service';
import { trialMarkRepo } from './trial-mark.repo';
import { trialMarkService, type PaperImage } from './trial-mark.service';
import { trialRepo } from './trial.repo';
import { trialService } from './trial.service';

/**
 * 试评 wired (composition root: routes.ts): the manager's and the markers' sides given their repositories
 * here; what it needs of marking comes in as ports — a user's roles in a block, the leaders' access, the 质检
 * rates. (The leaders' side, trial-lead, and standard.service still hold their SQL.)
 */
export function trialModule(d: {
  db: Db;
  audit: AuditService;
  subjects: SubjectService;
  paperImage: PaperImage;
  rates: StandardRates;
  access: LeadAccess;
  roles: (blockId: number, userId: number) => Promise<number[]>;
}) {
  const { db, paperImage, roles } = d;
  return {
    trial: trialService({ db, subjects: d.subjects, repo: trialRepo }),
    marks: trialMarkService({ db, paperImage, roles, repo: trialMarkRepo }),
    lead: trialLeadService({ db, audit: d.audit, paperImage, rates: d.rates, access: d.access, roles }),
  };
}
export type TrialModule = ReturnType<typeof trialModule>;
