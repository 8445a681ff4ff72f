import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Matrix3 } from '@yj/omr';
import type { Db } from '../../../infra/db';
import type { BlockRegion, PageStreaks } from '@yj/contracts';
import { block, paper, scanBatch, scanPage } from '../../../db/schema';
import type { SchoolFilter } from '../scan-access';
import { inSchools } from '../query/scan-query.repo';
import { readPageMatrix, readPageStreaks } from '../../../db/stored';

/** A recognised page of a paper: where it is stored and how the template maps onto it. */
export interface CutPage {
  templatePage: number;
  storageKey: string;
  /** template → image homography; null when the page did not register (定位异常 not fixed yet) */
  matrix: Matrix3 | null;
  /** a typed page of an online paper (在线考试 or a paper subject's 补考), not a scanned one */
  online: boolean;
  /** scanner streaks recognition painted over (empty for nearly every page) */
  streaks: PageStreaks;
}

/** A block's card regions and the typed regions its online papers are cut by (a paper subject's 补考). */
export interface TypedBlockRegions {
  regions: BlockRegion[];
  typedRegions: BlockRegion[];
}

/** The scan tables as the paper images read them: papers and their registered pages. */
export function paperImageRepo(db: Db) {
  return {
    async paper(paperId: number): Promise<{ id: number; subjectId: number; schoolId: number } | null> {
      const [row] = await db
        .select({ id: paper.id, subjectId: paper.subjectId, schoolId: paper.schoolId })
        .from(paper)
        .where(and(eq(paper.id, paperId), isNull(paper.deletedAt)));
      return row ?? null;
    },

    /** The first recognised paper of the subject in the given schools, a paper without exceptions first. */
    async firstPaper(subjectId: number, f: SchoolFilter): Promise<number | null> {
      const [row] = await db
        .select({ id: paper.id })
        .from(paper)
        .where(
          and(
            eq(paper.subjectId, subjectId),
            isNull(paper.deletedAt),
            isNotNull(paper.recognisedAt),
            inSchools(paper.schoolId, f),
          ),
        )
        .orderBy(sql`${paper.status} <> 'ok'`, asc(paper.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** The paper's pages that were recognised as a card page. */
    async pages(paperId: number): Promise<CutPage[]> {
      const rows = await db
        .select({
          templatePage: scanPage.templatePage,
          storageKey: scanPage.storageKey,
          // only the matrix: every page of every paper is read here when blocks are cut
          matrix: sql<unknown>`${scanPage.result}->'registration'->'matrix'`,
          // the result's streaks only where there are some (scan_page.streaks): the rest read no more than before
          streaks: sql<unknown>`case when ${scanPage.streaks} > 0 then ${scanPage.result}->'streaks' end`,
          id: scanPage.id,
          online: sql<boolean>`${scanBatch.source} = 'online'`,
        })
        .from(scanPage)
        .innerJoin(scanBatch, eq(scanBatch.id, scanPage.batchId))
        .where(and(eq(scanPage.paperId, paperId), isNotNull(scanPage.templatePage)))
        .orderBy(asc(scanPage.position));
      return rows.map((r) => ({
        templatePage: r.templatePage!,
        storageKey: r.storageKey,
        matrix: readPageMatrix(r.matrix, r.id),
        online: r.online,
        streaks: readPageStreaks(r.streaks, r.id),
      }));
    },

    /** The blocks of the paper's subject that have typed regions (set by a paper subject's 补考 hand-in). */
    async typedRegions(paperId: number): Promise<TypedBlockRegions[]> {
      const rows = await db
        .select({ regions: block.regions, typedRegions: block.typedRegions })
        .from(block)
        .innerJoin(paper, eq(paper.subjectId, block.subjectId))
        .where(and(eq(paper.id, paperId), isNotNull(block.typedRegions)));
      return rows.map((r) => ({ regions: r.regions, typedRegions: r.typedRegions! }));
    },
  };
}
