import type { Structure } from '@yj/contracts';
import { newId, regionBounds, type PageDraft, type Region } from './draft';
import { iou, type Rect } from './geometry';
import { latticeBubbles, latticeOfDetected, optionLabels, toBubbleGrid, type DetectedGrid } from './lattice';
import { kindOf, nextObjectiveNo, nextSubjectiveNo, optionCountOf } from './numbering';
import type { TabKey } from './tabs';

// Auto-recognition proposals: what the detector found on a page, shown on the tab that uses it, for
// the person to accept (it becomes a region) or to turn down.

export type ProposalKind = 'anchor' | 'mark' | 'grid' | 'box' | 'single';

export interface Proposal {
  key: string;
  kind: ProposalKind;
  rect: Rect;
  grid?: DetectedGrid;
  corner?: 'tl' | 'tr' | 'bl' | 'br';
}

export const CORNER_NAMES = {
  tl: '左上定位点',
  tr: '右上定位点',
  bl: '左下定位点',
  br: '右下定位点',
} as const;

/** Every proposal of a page, each with a stable key. */
export function allProposals(page: PageDraft): Proposal[] {
  const d = page.detected;
  if (!d) return [];
  return [
    ...d.anchors.map((a): Proposal => ({
      key: `a:${a.corner}`,
      kind: 'anchor',
      rect: a.rect,
      corner: a.corner,
    })),
    ...d.marks.map((rect, i): Proposal => ({ key: `m:${i}`, kind: 'mark', rect })),
    ...d.grids.map((grid, i): Proposal => ({ key: `g:${i}`, kind: 'grid', rect: grid.rect, grid })),
    ...d.boxes.map((rect, i): Proposal => ({ key: `b:${i}`, kind: 'box', rect })),
    ...d.singles.map((rect, i): Proposal => ({ key: `s:${i}`, kind: 'single', rect })),
  ];
}

const isDigitGrid = (g: DetectedGrid): boolean => g.rows === 10 || g.cols === 10;
const isMarkRow = (g: DetectedGrid): boolean => g.rows === 1 && g.cols >= 2 && g.cols <= 4;

/** Which proposals a tab offers. */
function offeredOn(tab: TabKey, p: Proposal): boolean {
  const g = p.grid;
  switch (tab) {
    case 0:
      return p.kind !== 'single' && p.kind !== 'mark';
    case 1:
      return p.kind === 'mark' && p.rect.w > p.rect.h * 4;
    case 2:
    case 10:
      return p.kind === 'anchor' || (p.kind === 'mark' && p.rect.w <= p.rect.h * 3);
    case 3:
      return !!g && isDigitGrid(g);
    case 4:
      return !!g && !isDigitGrid(g) && g.rows >= 2 && g.cols >= 2 && g.cols <= 8;
    case 6:
      return p.kind === 'box';
    case 7:
    case 8:
      return !!g && isMarkRow(g);
    case 9:
      return p.kind === 'single';
    default:
      return false;
  }
}

/** The proposals still open on a tab: not turned down and not already taken by a drawn region. */
export function tabProposals(page: PageDraft, tab: TabKey): Proposal[] {
  const taken = page.regions.map(regionBounds);
  return allProposals(page).filter(
    (p) => offeredOn(tab, p) && !page.rejected.includes(p.key) && !taken.some((r) => iou(r, p.rect) >= 0.5),
  );
}

/** What accepting a proposal adds, numbered after what the template already has. */
export function regionFromProposal(
  tab: TabKey,
  p: Proposal,
  pages: PageDraft[],
  structure: Structure | null,
): Region | null {
  const id = newId();
  const g = p.grid;
  switch (tab) {
    case 1:
      return { id, kind: 'horizontalLine', name: '水平校正线', rect: p.rect };
    case 2:
    case 10: {
      const count = pages.flatMap((x) => x.regions).filter((r) => r.kind === 'anchor').length;
      return {
        id,
        kind: 'anchor',
        name: p.corner ? CORNER_NAMES[p.corner] : `定位点${count + 1}`,
        rect: p.rect,
      };
    }
    case 3: {
      if (!g) return null;
      const direction = g.rows === 10 ? 'vertical' : 'horizontal';
      return {
        id,
        kind: 'examNumber',
        name: '考号',
        block: { grid: toBubbleGrid(latticeOfDetected(g), direction, optionLabels(10, 'digits')) },
      };
    }
    case 4: {
      if (!g) return null;
      const first = nextObjectiveNo(pages, structure);
      const options = optionLabels(optionCountOf(first, structure) ?? g.cols);
      const grid = toBubbleGrid(latticeOfDetected(g), 'horizontal', options);
      return {
        id,
        kind: 'objective',
        name: `客观题${first}-${first + grid.count - 1}`,
        block: { grid },
        qkind: kindOf(first, structure),
        firstQuestion: first,
      };
    }
    case 6: {
      const question = nextSubjectiveNo(pages, structure);
      return { id, kind: 'subjective', name: subjectiveName(question), rect: p.rect, question };
    }
    case 7:
      return g
        ? {
            id,
            kind: 'ab',
            name: 'AB卷',
            bubbles: latticeBubbles(latticeOfDetected(g), optionLabels(g.cols)),
          }
        : null;
    case 8: {
      if (!g) return null;
      const count = pages.flatMap((x) => x.regions).filter((r) => r.kind === 'optional').length;
      const group = structure?.optionalGroups[count];
      const labels = group?.nos ?? Array.from({ length: g.cols }, (_, i) => String(i + 1));
      return {
        id,
        kind: 'optional',
        name: group?.name ?? `选做${count + 1}`,
        bubbles: latticeBubbles(latticeOfDetected(g), labels),
      };
    }
    case 9:
      return { id, kind: 'absent', name: '缺考', rect: p.rect };
    default:
      return null;
  }
}

/** A subjective box's name from its question. */
export const subjectiveName = (question: string): string => `第${question}题`;

/** Proposals in reading order: bands from top to bottom, left to right inside a band. */
export function readingOrder(list: Proposal[]): Proposal[] {
  const sorted = [...list].sort((a, b) => a.rect.y - b.rect.y);
  const bands: Proposal[][] = [];
  for (const p of sorted) {
    const band = bands.at(-1);
    const top = band?.[0];
    if (band && top && Math.abs(p.rect.y - top.rect.y) < Math.max(20, top.rect.h * 0.3)) band.push(p);
    else bands.push([p]);
  }
  return bands.flatMap((b) => b.sort((x, y) => x.rect.x - y.rect.x));
}

/**
 * Accepts every open proposal of a tab in reading order, numbering each after the ones before it.
 * Returns the pages with the new regions on `pageIndex`.
 */
export function acceptAll(
  pages: PageDraft[],
  pageIndex: number,
  tab: TabKey,
  structure: Structure | null,
): PageDraft[] {
  let next = pages;
  const page = pages.find((p) => p.index === pageIndex);
  if (!page) return pages;
  // "accept the anchors" takes the corner blocks, not every black mark that could serve as one
  const open = tabProposals(page, tab).filter((p) => (tab === 2 || tab === 10 ? p.kind === 'anchor' : true));
  for (const p of readingOrder(open)) {
    const region = regionFromProposal(tab, p, next, structure);
    if (!region) continue;
    next = next.map((x) => (x.index === pageIndex ? { ...x, regions: [...x.regions, region] } : x));
    // one exam number, one AB mark, one absent mark per page
    if (tab === 3 || tab === 7 || tab === 9 || tab === 1) break;
  }
  return next;
}
