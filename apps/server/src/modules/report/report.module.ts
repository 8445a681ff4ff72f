import { DEFAULT_REPORT_SETTINGS, type BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { reportCacheOf } from './report-cache';
import { reportCompareRepo } from './report-compare.repo';
import { reportCompareService } from './report-compare.service';
import { reportCommentaryRepo } from './report-commentary.repo';
import { reportCommentaryService } from './report-commentary.service';
import { reportGroupsRepo } from './report-groups.repo';
import { reportGroupsService } from './report-groups.service';
import { reportRepo } from './report.repo';
import { reportService } from './report.service';

/**
 * The report module wired (composition root: routes.ts): its repositories passed into its services here, one
 * report_cache shared by the reports, 学生成绩, 试卷讲评 and the 分析组' reports. `paperImage`: a block's cut of a marked paper
 * (the scan module's paper images), for 试卷讲评's typical answers.
 */
export function reportModule(d: {
  db: Db;
  audit: AuditService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
}) {
  const cachedJson = reportCacheOf({ db: d.db, repo: reportRepo });
  const reports = reportService({ db: d.db, audit: d.audit, repo: reportRepo, cachedJson });
  return {
    reports,
    // a 联考's schools compared (issue 35)
    compare: reportCompareService({
      db: d.db,
      repo: reportRepo,
      compareRepo: reportCompareRepo,
      defaults: DEFAULT_REPORT_SETTINGS,
    }),
    groups: reportGroupsService({
      db: d.db,
      audit: d.audit,
      repo: reportGroupsRepo,
      reportRepo,
      reports,
    }),
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
