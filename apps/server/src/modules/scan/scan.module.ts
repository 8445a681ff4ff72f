import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { ExamineeScoreHook, PaperScoreHook } from '../score-compute/score-compute';
import type { FixDeps } from './exceptions/fix-kit';
import { scanExceptionViewService } from './exceptions/scan-exception-view.service';
import { scanFixRepo } from './exceptions/scan-fix.repo';
import { scanFixService } from './exceptions/scan-fix.service';
import type { ScoredQuestion } from './exceptions/scan-score';
import { scanFinishRepo } from './finish/scan-finish.repo';
import { scanFinishService } from './finish/scan-finish.service';
import { paperImageRepo } from './image/paper-image.repo';
import { paperImageService, type PaperImageService } from './image/paper-image.service';
import { scanService, type IngestPorts } from './ingest/scan-ingest.service';
import { scanQueryRepo } from './query/scan-query.repo';
import { scanQueryService } from './query/scan-query.service';
import { paperMatchService } from './recognition/paper-match.service';
import type { RecognizePool } from './recognition/scan-recognize';
import type { ScanJobDeps } from './recognition/scan.jobs';
import { scanRepo } from './scan.repo';

/**
 * Every cut of a scanned paper (blocks, marking, trial, quality, reports), given its repository: made before the
 * rest of the module, as the template and block modules use it too.
 */
export function scanPaperImages(d: Omit<Parameters<typeof paperImageService>[0], 'repo'>): PaperImageService {
  return paperImageService({ ...d, repo: paperImageRepo });
}

/**
 * The scan module wired (called from the composition root, routes.ts): its repositories passed into its
 * services here, and what it needs of other modules passed in as small ports.
 */
export function scanModule(
  d: IngestPorts & {
    images: PaperImageService;
    scores: { paper: PaperScoreHook; examinees: ExamineeScoreHook };
    /** the subject's subjective questions with full score and step (question module) */
    subjectiveQuestions: (subjectId: number) => Promise<ScoredQuestion[]>;
    /** exceptions settled: a 问题卷 marking sent to the scanning staff returns to the pool (marking module) */
    onResolved: FixDeps['onResolved'];
  },
) {
  const { db, audit, exams } = d;
  const scan = scanService({
    db,
    storage: d.storage,
    queue: d.queue,
    audit,
    exams,
    templates: d.templates,
    pages: d.pages,
    repo: scanRepo,
    finishRepo: scanFinishRepo,
  });
  const fix = scanFixService({
    db,
    audit,
    exams,
    scan,
    repo: scanFixRepo,
    finishRepo: scanFinishRepo,
    subjectiveQuestions: d.subjectiveQuestions,
    onResolved: d.onResolved,
    scores: d.scores.paper,
    examineeScores: d.scores.examinees,
  });
  const view = scanExceptionViewService({
    db,
    exams,
    repo: scanFixRepo,
    subjectiveQuestions: d.subjectiveQuestions,
  });
  const finish = scanFinishService({
    db,
    audit,
    exams,
    repo: scanFinishRepo,
    queryRepo: scanQueryRepo,
    scores: d.scores.examinees,
  });
  const query = scanQueryService({
    db,
    storage: d.storage,
    exams,
    images: d.images,
    repo: scanQueryRepo,
    finishRepo: scanFinishRepo,
  });
  return { scan, fix, view, finish, query };
}
export type ScanModule = ReturnType<typeof scanModule>;

/** What the recognition job needs (the API process and `npm run worker` both wire it here). */
export function scanJobDeps(d: {
  db: Db;
  storage: Storage;
  pool: RecognizePool;
  scores?: PaperScoreHook;
  /** the block module's framed regions: recognition cuts the blocks of each page it decodes */
  blockRegions?: ScanJobDeps['blockRegions'];
}): ScanJobDeps {
  return { ...d, repo: scanRepo, match: paperMatchService({ scan: scanRepo }) };
}

/**
 * The examinees of these schools neither scanned nor recorded absent in the subject (开始阅卷's reasons, the
 * subject module), read through `db` (its transaction).
 */
export async function scanMissing(
  db: Db,
  examId: number,
  subjectId: number,
  schoolIds: number[],
): Promise<number> {
  const accounting = await scanFinishRepo(db).accounting(examId, [subjectId], schoolIds);
  return accounting.reduce((t, a) => t + a.missing, 0);
}
