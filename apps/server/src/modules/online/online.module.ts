import type { Db } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import type { PaperScoreHook } from '../score-compute/score-compute';
import type { PortalSelfService } from '../portal/portal-account.service';
import { onlineRepo } from './online.repo';
import { onlineService } from './online.service';
import { onlineSitService } from './online-sit.service';
import { onlineSubmitter } from './online-submit';
import { onlineBlockRegions, onlinePapers } from './online-paper';
import type { OnlineRegions } from '../subject/review-start-check';
import { onlinePaperRepo } from './online-paper.repo';
import { onlineImport } from './online-import';
import { onlinePhotoRepo } from './online-photo.repo';
import { onlinePhotoService } from './online-photo.service';
import { onlineImageService } from './online-image.service';

/** How often attempts past their deadline are handed in (whether or not anyone reads). */
const EVERY_MS = 30_000;

/** 在线考试 wired (composition root: routes.ts): the school's setting and list, the students' sitting. */
export function onlineModule(d: {
  db: Db;
  audit: AuditService;
  self: PortalSelfService;
  storage: Storage;
  scores: PaperScoreHook;
}) {
  const papers = onlinePapers({
    storage: d.storage,
    repo: onlinePaperRepo,
    photos: onlinePhotoRepo,
    audit: d.audit,
    scores: d.scores,
  });
  const submitter = onlineSubmitter({ db: d.db, repo: onlineRepo, papers });
  /**
   * 开始阅卷's port for an online subject, in the start's transaction: expired attempts handed in (refused while
   * anyone still sits), then the blocks' regions set to their questions' typed pages.
   */
  const onlineRegions: OnlineRegions = async (tx, subjectId) => {
    await submitter.beforeStart(tx, subjectId);
    await onlineBlockRegions(
      tx,
      subjectId,
      onlinePaperRepo,
      onlinePhotoRepo,
      await onlineRepo(tx).questions(subjectId),
    );
  };
  /**
   * 开始阅卷's port for a paper subject, in the start's transaction: its 补考 attempts past their deadline handed
   * in (refused while one is answering or a 补考 window not over waits for its examinee, 12147), then, when any
   * was handed in, the blocks' typed regions set again (a block may have changed since the last hand-in).
   */
  const makeupStart: OnlineRegions = async (tx, subjectId) => {
    await submitter.beforeStart(tx, subjectId);
    if (!(await onlineRepo(tx).submittedCount(subjectId))) return;
    const questions = await onlineRepo(tx).questions(subjectId);
    await onlineBlockRegions(tx, subjectId, onlinePaperRepo, onlinePhotoRepo, questions, 'typedRegions');
  };
  const sit = onlineSitService({
    db: d.db,
    repo: onlineRepo,
    self: d.self,
    submitter,
    photos: onlinePhotoRepo,
  });
  return {
    online: onlineService({ db: d.db, audit: d.audit, repo: onlineRepo, submitter }),
    sit,
    docx: onlineImport({ storage: d.storage }),
    images: onlineImageService({ db: d.db, repo: onlineRepo, storage: d.storage, sit }),
    photos: onlinePhotoService({
      db: d.db,
      repo: onlineRepo,
      photos: onlinePhotoRepo,
      storage: d.storage,
      sit,
    }),
    onlineRegions,
    makeupStart,
    /** The periodic hand-in on the API process's own queue every 30 s; answers its stop function. */
    registerJobs(queue: Jobs): () => void {
      queue.register('online.expire', async () => ((await submitter.sweep()) ? 'done' : 'skipped'));
      const timer = setInterval(
        () => void queue.enqueue('online.expire', {}, { attempts: 1 }).catch(() => {}),
        EVERY_MS,
      );
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
