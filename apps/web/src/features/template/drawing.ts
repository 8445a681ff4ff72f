import type { BubbleField, QuestionKind, Structure } from '@yj/contracts';
import { newId, type PageDraft, type Region } from './draft';
import { centre, snapRect, type Rect } from './geometry';
import {
  blockCells,
  detectedBubblesIn,
  latticeBubbles,
  latticeFromDrag,
  optionLabels,
  snapToDetected,
  toBubbleGrid,
  type Direction,
  type Lattice,
} from './lattice';
import { kindOf, nextObjectiveNo, nextSubjectiveNo } from './numbering';
import { CORNER_NAMES, subjectiveName } from './proposals';
import type { TabKey } from './tabs';

// What a rectangle dragged on the picture becomes on each tab. Bubble regions are dragged from the
// first bubble to the last; a drag over a detected lattice takes the lattice's exact bubbles.

/** The drawing options a tab shows beside the picture. */
export interface DrawSettings {
  /** objective: questions in the block (rows when horizontal) */
  questions: number;
  /** objective: options per question */
  options: number;
  direction: Direction;
  /** objective: first question number, null for the next unboxed one */
  firstQuestion: number | null;
  qkind: QuestionKind;
  /** `column`: one exam-number character with its own labels (letters such as U / A / HT / NT) */
  examKind: 'bubbles' | 'column' | 'code128' | 'qr';
  /** exam number: digits (columns) */
  digits: number;
  /** exam number column: its labels from top to bottom (then the next printed column), comma separated */
  columnLabels: string;
  /** A/B and optional marks: how many bubbles in the row */
  marks: number;
}

export const DEFAULT_SETTINGS: DrawSettings = {
  questions: 5,
  options: 4,
  direction: 'horizontal',
  firstQuestion: null,
  qkind: 'single',
  examKind: 'bubbles',
  digits: 8,
  columnLabels: '',
  marks: 2,
};

/** Tabs on which dragging draws something. */
export const DRAW_TABS: TabKey[] = [1, 2, 3, 4, 6, 7, 8, 9, 10];

/** Which corner of the page a point is nearest. */
function cornerOf(r: Rect, width: number, height: number): keyof typeof CORNER_NAMES {
  const c = centre(r);
  return `${c.y < height / 2 ? 't' : 'b'}${c.x < width / 2 ? 'l' : 'r'}` as keyof typeof CORNER_NAMES;
}

function lattice(drag: Rect, page: PageDraft, rows: number, cols: number): Lattice {
  return snapToDetected(drag, page.detected?.grids ?? []) ?? latticeFromDrag(drag, rows, cols);
}

/**
 * The region a drag draws on `tab`, or null when the tab draws nothing. Location areas come without their
 * reference pixels: the caller asks the server for them.
 */
export function regionFromDrag(
  tab: TabKey,
  drag: Rect,
  page: PageDraft,
  pages: PageDraft[],
  structure: Structure | null,
  s: DrawSettings,
): Region | null {
  const id = newId();
  const d = page.detected;
  const w = page.image?.width ?? 0;
  const h = page.image?.height ?? 0;
  switch (tab) {
    case 1:
      return { id, kind: 'horizontalLine', name: '水平校正线', rect: drag };
    case 2: {
      const n = pages.flatMap((p) => p.regions).filter((r) => r.kind === 'location').length;
      return { id, kind: 'location', name: `定位区${n + 1}`, rect: drag, patch: null };
    }
    case 10: {
      const rect = snapRect(drag, [...(d?.anchors.map((a) => a.rect) ?? []), ...(d?.marks ?? [])]) ?? drag;
      return { id, kind: 'anchor', name: CORNER_NAMES[cornerOf(rect, w, h)], rect };
    }
    case 3: {
      if (s.examKind === 'column') return withExamColumn(page, examColumn(drag, page, s.columnLabels));
      if (s.examKind !== 'bubbles')
        return { id, kind: 'examCode', name: '考号', code: s.examKind, rect: drag };
      const l = lattice(drag, page, 10, s.digits);
      const direction: Direction = l.rows >= l.cols ? 'vertical' : 'horizontal';
      return {
        id,
        kind: 'examNumber',
        name: '考号',
        block: { grid: toBubbleGrid(l, direction, optionLabels(10, 'digits')) },
      };
    }
    case 4: {
      const horizontal = s.direction === 'horizontal';
      const l = lattice(
        drag,
        page,
        horizontal ? s.questions : s.options,
        horizontal ? s.options : s.questions,
      );
      const options = optionLabels(horizontal ? l.cols : l.rows);
      const grid = toBubbleGrid(l, s.direction, options);
      const first = s.firstQuestion ?? nextObjectiveNo(pages, structure);
      return {
        id,
        kind: 'objective',
        name: `客观题${first}-${first + grid.count - 1}`,
        block: { grid },
        qkind: s.firstQuestion === null ? kindOf(first, structure) : s.qkind,
        firstQuestion: first,
      };
    }
    case 6: {
      const rect = snapRect(drag, d?.boxes ?? []) ?? drag;
      const question = nextSubjectiveNo(pages, structure);
      return { id, kind: 'subjective', name: subjectiveName(question), rect, question };
    }
    case 7: {
      const l = lattice(drag, page, 1, s.marks);
      return { id, kind: 'ab', name: 'AB卷', bubbles: latticeBubbles(l, optionLabels(l.rows * l.cols)) };
    }
    case 8: {
      const l = lattice(drag, page, 1, s.marks);
      const n = pages.flatMap((p) => p.regions).filter((r) => r.kind === 'optional').length;
      const group = structure?.optionalGroups[n];
      const labels = group?.nos ?? Array.from({ length: l.rows * l.cols }, (_, i) => String(i + 1));
      return {
        id,
        kind: 'optional',
        name: group?.name ?? `选做${n + 1}`,
        bubbles: latticeBubbles(l, labels),
      };
    }
    case 9: {
      const rect = snapRect(drag, d?.singles ?? []) ?? drag;
      return { id, kind: 'absent', name: '缺考', rect };
    }
    default:
      return null;
  }
}

/** The labels typed for an exam-number column: comma, 、 or space separated. */
export const columnLabelsOf = (text: string): string[] =>
  text
    .split(/[,，、\s]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * One exam-number character drawn by dragging over its bubbles: the detected bubbles inside the drag,
 * column by column, take the labels in order; without enough detected bubbles the drag is divided
 * into one column of as many bubbles as labels.
 */
export function examColumn(drag: Rect, page: PageDraft, text: string): BubbleField | null {
  const labels = columnLabelsOf(text);
  if (labels.length < 2) return null;
  const found = detectedBubblesIn(drag, page.detected?.grids ?? [], page.detected?.singles ?? []);
  const rects =
    found.length >= labels.length
      ? found.slice(0, labels.length)
      : latticeBubbles(latticeFromDrag(drag, labels.length, 1), labels).map((b) => b.rect);
  return { bubbles: labels.map((label, i) => ({ label, rect: rects[i]! })) };
}

/**
 * The page's exam number with one more character: the existing digits (as fields) and the new column,
 * in order from left to right. Alone, the column is the whole exam number.
 */
export function withExamColumn(page: PageDraft, field: BubbleField | null): Region | null {
  if (!field) return null;
  const current = page.regions.find(
    (r): r is Extract<Region, { kind: 'examNumber' }> => r.kind === 'examNumber',
  );
  const fields: BubbleField[] = current ? fieldsOf(current.block) : [];
  const left = (f: BubbleField) => Math.min(...f.bubbles.map((b) => b.rect.x));
  return {
    id: newId(),
    kind: 'examNumber',
    name: current?.name ?? '考号',
    block: { fields: [...fields, field].sort((a, b) => left(a) - left(b)) },
  };
}

/** A bubble block as one field per character. */
function fieldsOf(block: Extract<Region, { kind: 'examNumber' }>['block']): BubbleField[] {
  if ('fields' in block) return block.fields;
  const out: BubbleField[] = [];
  for (const c of blockCells(block)) {
    const f = (out[c.field] ??= { bubbles: [] });
    f.bubbles.push({ label: c.label, rect: c.rect });
  }
  return out;
}
