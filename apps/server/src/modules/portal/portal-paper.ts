import type { BlockRegion, MarkAnnotation, PortalPage } from '@yj/contracts';
import { CUT_GAP, cutPointOnPage, type Matrix3 } from '@yj/omr';

/** A 题块 of the student's paper as the marking left it: its regions, final score and the markers' annotations. */
export interface MarkedBlockOnPaper {
  regions: BlockRegion[];
  score: number | null;
  fullScore: number;
  marks: MarkAnnotation[];
}

/** A scanned page of the paper: which card page it was recognised as and its registration (template → image). */
export interface ScannedPage {
  pageId: number;
  position: number;
  templatePage: number | null;
  matrix: Matrix3 | null;
}

const two = (v: number) => Math.round(v * 100) / 100;

/**
 * The marking drawn on the whole pages (学生端 原卷): each annotation a marker drew on a block's cut, and the block's
 * final score at the top right of its first region, carried to the scanned page the region was cut from, in that
 * page image's pixels. A page that did not register, or a block cut from no registered page, shows no marking.
 */
export function marksOnPages(blocks: MarkedBlockOnPaper[], pages: ScannedPage[]): PortalPage[] {
  const out = pages.map((p) => ({
    pageId: p.pageId,
    position: p.position,
    marks: [] as MarkAnnotation[],
    scores: [] as PortalPage['scores'],
  }));
  const byTemplate = new Map<number, number>();
  for (const [i, p] of pages.entries())
    if (p.templatePage !== null && p.matrix && !byTemplate.has(p.templatePage))
      byTemplate.set(p.templatePage, i);
  const matrixOf = (page: number) => {
    const i = byTemplate.get(page);
    return i === undefined ? null : pages[i]!.matrix;
  };
  const put = (page: number) => out[byTemplate.get(page)!]!;
  for (const b of blocks) {
    const corner = cutPointOnPage(b.regions, CUT_GAP, 1, 0, matrixOf);
    if (corner)
      put(corner.page).scores.push({
        x: two(corner.x),
        y: two(corner.y),
        score: b.score,
        fullScore: b.fullScore,
      });
    for (const m of b.marks) {
      const at = cutPointOnPage(b.regions, CUT_GAP, m.x, m.y, matrixOf);
      if (!at) continue;
      const where = { x: two(at.x), y: two(at.y) };
      if (m.kind === 'circle') {
        // r is a fraction of the cut's width: the cut's pixels, then the page's
        const width = Math.max(1, ...b.regions.map((r) => Math.round(r.w)));
        put(at.page).marks.push({ kind: 'circle', ...where, r: two(m.r * width * at.scale) });
      } else put(at.page).marks.push({ ...m, ...where });
    }
  }
  return out;
}
