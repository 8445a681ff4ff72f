import type { BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { AuditService } from '../audit/audit.service';
import type { StandardRates } from '../trial/standard.service';
import { hiddenProblems } from './hidden-problems';
import { qualityHiddenRepo } from './quality-hidden.repo';
import { qualityMonitor } from './quality-monitor';
import { qualityProgress, type PaperProgress } from './quality-progress';
import { qualityTestRepo } from './quality-test.repo';
import { qualityTestService } from './quality-test.service';
import { registerQualityJobs } from './quality.jobs';
import { qualityRepo } from './quality.repo';
import { qualitySpotRepo } from './quality-spot.repo';
import { spotService } from './spot.service';

/** Discarded marks' quality records (重置阅卷, 重新选题): the marking module's reset calls it in its transaction. */
export { forgetQualityRecords } from './quality.repo';

/**
 * 问题卷 on the hidden papers of 质检, with its repository: built before the quality module, for the marking
 * module's leaders' list (routes.ts).
 */
export const qualityHiddenProblems = (d: Omit<Parameters<typeof hiddenProblems>[0], 'repo'>) =>
  hiddenProblems({ ...d, repo: qualityHiddenRepo });

/**
 * The quality module wired (composition root: routes.ts): its repositories passed into its services here.
 * `rates`: the claim's cached read of block_quality (trial module), forgotten when a setting changes;
 * `paperImage`: a spot check's cut (scan module).
 */
export function qualityModule(d: {
  db: Db;
  audit: AuditService;
  rates: StandardRates;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  /** the one progress of blocks: the marking module's port */
  papers: PaperProgress;
}) {
  const { db, audit, rates } = d;
  const repo = qualityRepo;
  const testRepo = qualityTestRepo;
  const monitor = qualityMonitor({ db, audit, rates, repo });
  return {
    progress: qualityProgress({ db, repo, papers: d.papers }),
    monitor,
    /** the bias rule on markers with new evidence, right after the submit that brought it (never throws) */
    judge: (blockId: number, userIds: number[]) => monitor.judge(blockId, userIds).catch(() => undefined),
    test: qualityTestService({ db, audit, rates, repo, testRepo }),
    spot: spotService({
      db,
      paperImage: d.paperImage,
      repo,
      testRepo,
      spotRepo: qualitySpotRepo,
      onEvidence: (blockId, userIds) => monitor.judge(blockId, userIds).catch(() => undefined),
    }),
    /** the block of a spot check in a route's path (its capability scope) */
    spotBlock: (spotId: number) => testRepo(db).spotBlock(spotId),
    /** quality's 30 s check of the blocks marked in the last minutes; answers its stop function */
    registerJobs: (queue: Jobs) => registerQualityJobs(queue, { db, monitor, repo }),
  };
}
export type QualityModule = ReturnType<typeof qualityModule>;
