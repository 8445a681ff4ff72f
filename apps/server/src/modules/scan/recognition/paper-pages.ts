/**
 * A paper's pages that belong to another student (DESIGN.md §4, "Pages of two students in one paper"). An
 * upload is cut into papers by the card's page count, in scan order, so every paper must hold each card page
 * once. A two-sided card scanned on one side only (the scanner left on 单面) gives fronts only, and each
 * paper is then two students' fronts; two sheets pulled through together (双张进纸) shift the sheets of a
 * multi-sheet card. Read together, the second student's answers overwrote the first's, silently. Pure: the
 * paper's pages in scan order in, the pages that cannot be the same student's out.
 */

/** One page of a paper, in scan order, as recognition identified it. */
export interface PaperPage {
  /** the card page it was identified as; null where it was not (blank, unreadable, not registered) */
  cardPage: number | null;
  /** the exam number read on it, where the card prints one there and it was read whole */
  kaohao: string | null;
}

export interface ForeignPage {
  /** its place among the paper's pages (0 = the first image) */
  at: number;
  /** a card page met a second time, or another exam number */
  kind: 'twice' | 'kaohao';
  reason: string;
}

/**
 * The pages that cannot belong with the paper's first ones: a card page met a second time, or an exam number
 * other than the one read before it. Their answers are left out of the paper and a person decides (重扫).
 */
export function foreignPages(pages: PaperPage[]): ForeignPage[] {
  const out: ForeignPage[] = [];
  const seen = new Map<number, number>();
  let first: { at: number; kaohao: string } | null = null;
  pages.forEach((p, at) => {
    if (p.cardPage === null) return;
    const before = seen.get(p.cardPage);
    if (before !== undefined) {
      out.push({
        at,
        kind: 'twice',
        reason:
          `第 ${at + 1} 张图与第 ${before + 1} 张图都是答题卡第 ${p.cardPage + 1} 页，不是同一名考生的一份答卷：` +
          '可能用单面扫描了双面答题卡，或两张纸叠在一起进纸；请按双面重新扫描这些答卷',
      });
      return;
    }
    if (p.kaohao !== null && first && first.kaohao !== p.kaohao) {
      out.push({
        at,
        kind: 'kaohao',
        reason:
          `第 ${at + 1} 张图的考号 ${p.kaohao} 与第 ${first.at + 1} 张图的考号 ${first.kaohao} 不同：` +
          '一份答卷混入了另一名考生的页面，可能两张纸叠在一起进纸；请核对纸质答卷后重新扫描',
      });
      return;
    }
    seen.set(p.cardPage, at);
    if (p.kaohao !== null) first ??= { at, kaohao: p.kaohao };
  });
  return out;
}

/** A paper of a batch, in scan order, as the shift check sees it. */
export interface BatchPaper {
  paperId: number;
  /** raised for a card page met twice (`twice`) */
  twice: boolean;
  /** its pages' card pages not in order: a back before its front */
  backFirst: boolean;
}

/**
 * The papers of a batch that a shift by one page made (DESIGN.md §4, "A feeder that stops mid-pile"): after a
 * page left alone in the pile's flow — a front kept when a scan stopped between a sheet's two sides, then scanned
 * again with its sheet — every paper is one sheet's back with the next sheet's front. The first such paper holds a
 * card page twice; the ones after it hold each card page once and one exam number, back first, and were read as
 * the front's student's, silently. Raised: each back-first paper in a run following a `twice` one. A sheet lying
 * back first elsewhere in the batch is no shift. Pure, papers in scan order.
 */
export function shiftedPapers(papers: BatchPaper[]): number[] {
  const out: number[] = [];
  let shifted = false;
  for (const p of papers) {
    if (p.twice) shifted = true;
    else if (shifted && p.backFirst) out.push(p.paperId);
    else shifted = false;
  }
  return out;
}
