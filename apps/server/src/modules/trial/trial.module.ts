import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { SubjectService } from '../subject/subject.service';
import { standardRepo } from './standard.repo';
import { standardRates, standardService, type NotPaused, type StandardRates } from './standard.service';
import { trialLeadRepo } from './trial-lead.repo';
import { trialLeadService } from './trial-lead.service';
import { trialMarkRepo } from './trial-mark.repo';
import { trialMarkService, type PaperImage } from './trial-mark.service';
import { trialRepo, type TrialRowTable } from './trial.repo';
import { trialService } from './trial.service';

/**
 * 质检's hidden papers wired, given standard.repo.ts: made before the rest of the module, as the markers' claim
 * (marking) hands them out and quality reads the rates. `rates`: the claim's one cached read of block_quality.
 */
export function trialStandard(d: { db: Db; paperImage: PaperImage; notPaused: NotPaused }) {
  const rates = standardRates(d.db, standardRepo);
  return { rates, standard: standardService({ ...d, rates, repo: standardRepo }) };
}

/**
 * 试评 wired (composition root: routes.ts): the manager's, the markers' and the leaders' sides given their
 * repositories here; what it needs of marking comes in as ports — a user's roles in a block, the leaders' access,
 * the 质检 rates (trialStandard).
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
    /** the block of a trial mark, trial paper or 样卷 in a route's path (its capability scope) */
    blockOf: (table: TrialRowTable, rowId: number) => trialRepo(db).blockOfRow(table, rowId),
    marks: trialMarkService({ db, paperImage, roles, repo: trialMarkRepo }),
    lead: trialLeadService({
      db,
      audit: d.audit,
      paperImage,
      rates: d.rates,
      access: d.access,
      roles,
      repo: trialLeadRepo,
    }),
  };
}
export type TrialModule = ReturnType<typeof trialModule>;
