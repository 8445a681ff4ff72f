import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { SubjectService } from '../subject/subject.service';
import type { StandardRates } from './standard.service';
import { trialLeadService } from './trial-lead.service';
import { trialMarkService, type PaperImage } from './trial-mark.service';
import { trialRepo } from './trial.repo';
import { trialService } from './trial.service';

/**
 * 试评 wired (composition root: routes.ts): the manager's side given its repository here; what it needs of
 * marking comes in as ports — a user's roles in a block, the leaders' access, the 质检 rates. (The markers' and
 * leaders' sides still hold their SQL in their services: trial-mark, trial-lead, standard.)
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
    marks: trialMarkService({ db, paperImage, roles }),
    lead: trialLeadService({ db, audit: d.audit, paperImage, rates: d.rates, access: d.access, roles }),
  };
}
export type TrialModule = ReturnType<typeof trialModule>;
