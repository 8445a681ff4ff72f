import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/infra/db';
import { fsStorage } from '../src/infra/storage';
import { auditRepo } from '../src/modules/audit/audit.repo';
import { auditService } from '../src/modules/audit/audit.service';
import { onlinePapers } from '../src/modules/online/online-paper';
import { onlinePaperRepo } from '../src/modules/online/online-paper.repo';
import { onlinePhotoRepo } from '../src/modules/online/online-photo.repo';
import { onlineSubmitter } from '../src/modules/online/online-submit';
import { onlineRepo } from '../src/modules/online/online.repo';
import type { TestApp } from './app';
import { buildMarker } from './marking';
import { classPortalClients } from './portal';
import { buildScoreScene, type ScoreScene } from './score';

/**
 * The 在线考试 hand-in job as the server runs it every 30 s, on storage of its own in a temporary folder (the
 * pages' bytes are not looked at); `remove` deletes the folder.
 */
export function onlineHandInJob(db: Db) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-online-'));
  const papers = onlinePapers({
    storage: fsStorage(dir),
    repo: onlinePaperRepo,
    photos: onlinePhotoRepo,
    audit: auditService({ repo: auditRepo }),
    // an online subject's hand-in derives no score (a paper subject's 补考 does)
    scores: async () => {},
  });
  const job = onlineSubmitter({ db, repo: onlineRepo, papers });
  return { job, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A marker of the score scene's block (test/marking.ts `buildMarker`), signed in. */
export const buildOnlineMarker = (t: TestApp, s: ScoreScene) =>
  buildMarker(
    t.app,
    t.database.db,
    { examId: s.examId, subjectId: s.subjectId, schools: [{ id: s.schoolId }] },
    [s.blockId],
  );

/**
 * The 在线考试 tests' scene for withScene (test/app-fixture.ts): buildScoreScene's exam of `students` examinees,
 * each signed in to 学生端 (`students`, in the order of the examinees), with the school's URL of the subject's
 * online setting (`url`) and the students' URL of its sitting (`sit`).
 */
export const onlineScene = (students: number) => async (t: TestApp) => {
  const s = await buildScoreScene(t.app, t.database.db, students);
  return {
    ...s,
    url: `/filter/api/subject/${s.subjectId}/online`,
    sit: `/filter/api/portal/online/${s.subjectId}`,
    students: await classPortalClients(t.app, t.database.db, s, students),
  };
};
