import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Matrix3 } from '@yj/omr';
import type { Db } from '../../../infra/db';
import { paper, scanPage } from '../../../db/schema';
import type { SchoolFilter } from '../scan-access';
import { inSchools } from '../query/scan-query.repo';
import { readPageMatrix } from '../../../db/stored';

/** A recognised page of a paper: where it is stored and how the template maps onto it. */
export interface CutPage {
  templatePage: number;
  storageKey: string;
  /** template → image homography; null when the page did not register (定位异常 not fixed yet) */
  matrix: Matrix3 | null;
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
          id: scanPage.id,
        })
        .from(scanPage)
        .where(and(eq(scanPage.paperId, paperId), isNotNull(scanPage.templatePage)))
        .orderBy(asc(scanPage.position));
      return rows.map((r) => ({
        templatePage: r.templatePage!,
        storageKey: r.storageKey,
        matrix: readPageMatrix(r.matrix, r.id),
      }));
    },
  };
}
