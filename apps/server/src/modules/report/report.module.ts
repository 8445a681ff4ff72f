import type { BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { reportCacheOf } from './report-cache';
import { reportCommentaryRepo } from './report-commentary.repo';
import { reportCommentaryService } from './report-commentary.service';
import { reportRepo } from './report.repo';
import { reportService } from './report.service';

/**
 * The report module wired (composition root: routes.ts): its repositories passed into its services here, one
 * report_cache shared by the reports, 学生成绩 and 试卷讲评. `paperImage`: a block's cut of a marked paper
 * (the scan module's paper images), for 试卷讲评's typical answers.
 */
export function reportModule(d: {
  db: Db;
  audit: AuditService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
}) {
  const cachedJson = reportCacheOf({ db: d.db, repo: reportRepo });
  return {
    reports: reportService({ db: d.db, audit: d.audit, repo: reportRepo, cachedJson }),
    commentary: reportCommentaryService({
      db: d.db,
      repo: reportRepo,
      commentaryRepo: reportCommentaryRepo,
      cachedJson,
      paperImage: d.paperImage,
    }),
  };
}
export type ReportModule = ReturnType<typeof reportModule>;
