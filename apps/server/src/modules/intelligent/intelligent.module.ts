import type { BlockRegion } from '@yj/contracts';
import type { Db, Tx } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { AuditService } from '../audit/audit.service';
import type { Finalizer } from '../marking/final/marking-final';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { TemplateImageService } from '../template/template-image.service';
import type { TemplateService } from '../template/template.service';
import { intelligentDetect } from './intelligent-detect';
import { intelligentGroupService } from './intelligent-group.service';
import { intelligentMarkerBlanks } from './intelligent-marker-blank';
import { forgetIntelligentDecisions, intelligentRepo } from './intelligent.repo';
import { intelligentService } from './intelligent.service';

/** What 重置阅卷 and 重新选题 call as they discard marks: the intelligent decisions on those papers go too. */
export { forgetIntelligentDecisions };

/**
 * 智能辅助 wired (composition root: routes.ts): its repository passed into its services here. What it needs of
 * marking comes in as ports: `finalize`, the leaders' `access`, a marker's `quota`; the detection runs on `queue`
 * (the API process's own, one run at a time).
 */
export function intelligentModule(d: {
  db: Db;
  audit: AuditService;
  queue: Jobs;
  finalize: Finalizer;
  access: LeadAccess;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  templates: TemplateService;
  images: TemplateImageService;
  onScores: (tx: Tx, paperIds: number[]) => Promise<void>;
  quota: (tx: Tx, blockId: number, userId: number) => Promise<{ quota: number | null; used: number }>;
}) {
  const { db, finalize, paperImage } = d;
  const repo = intelligentRepo;
  const detect = intelligentDetect({
    db,
    queue: d.queue,
    paperImage,
    templates: d.templates,
    images: d.images,
    repo,
  });
  const intelligent = intelligentService({
    db,
    audit: d.audit,
    finalize,
    access: d.access,
    detect,
    onScores: d.onScores,
    repo,
  });
  return {
    detect,
    intelligent,
    blanks: intelligentMarkerBlanks({ db, intelligent, paperImage, repo }),
    groups: intelligentGroupService({ db, finalize, paperImage, quota: d.quota, repo }),
  };
}
export type IntelligentModule = ReturnType<typeof intelligentModule>;
