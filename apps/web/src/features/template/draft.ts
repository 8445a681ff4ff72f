import type {
  Bubble,
  BubbleBlock,
  CardTemplate,
  ExamNumberLength,
  Patch,
  QuestionKind,
  TemplateMeta,
  TemplatePage,
} from '@yj/contracts';
import { boundsOf, moveRect, type Rect } from './geometry';
import { blockBounds } from './lattice';
import type { DetectedLayout, TemplateImage } from './template.api';

// The builder's working copy: per page, its picture and the regions drawn on it. `assembleTemplate`
// turns it into the CardTemplate the server stores; `draftFromTemplate` reads a saved one back.

interface Base {
  id: string;
  name: string;
}

export type Region =
  | (Base & { kind: 'anchor'; rect: Rect })
  | (Base & { kind: 'horizontalLine'; rect: Rect })
  | (Base & { kind: 'location'; rect: Rect; patch: Patch | null })
  | (Base & { kind: 'examNumber'; block: BubbleBlock; length?: ExamNumberLength })
  | (Base & { kind: 'examCode'; code: 'code128' | 'qr'; rect: Rect })
  | (Base & {
      kind: 'objective';
      block: BubbleBlock;
      qkind: QuestionKind;
      firstQuestion: number;
      questions?: string[];
    })
  | (Base & { kind: 'ab'; bubbles: Bubble[] })
  | (Base & { kind: 'optional'; bubbles: Bubble[] })
  | (Base & { kind: 'subjective'; rect: Rect; question: string })
  | (Base & { kind: 'absent'; rect: Rect });

export type RegionKind = Region['kind'];

/** What recognition needs but the builder does not draw (our own cards): kept as it was. */
export type PageExtras = Pick<TemplatePage, 'identity' | 'scoreBoxes'>;

export interface PageDraft {
  index: number;
  image: TemplateImage | null;
  detected: DetectedLayout | null;
  /** proposals the person turned down, by key (see proposals.ts) */
  rejected: string[];
  regions: Region[];
  extras: PageExtras;
}

export const REGION_LABELS: Record<RegionKind, string> = {
  anchor: '定位点',
  horizontalLine: '水平校正线',
  location: '定位区',
  examNumber: '考号（填涂）',
  examCode: '考号（条码）',
  objective: '客观题',
  ab: 'AB 卷标记',
  optional: '选做标记',
  subjective: '主观题框',
  absent: '缺考标记',
};

/** Kinds a page holds at most once: adding another replaces it. */
export const SINGLE_KINDS: RegionKind[] = ['horizontalLine', 'examNumber', 'examCode', 'ab', 'absent'];

let seq = 0;
/** A fresh region id (unique within the session). */
export const newId = (): string => `r${++seq}`;

export function emptyPage(index: number): PageDraft {
  return { index, image: null, detected: null, rejected: [], regions: [], extras: { scoreBoxes: [] } };
}

/** The outline of a region, for drawing and selection. */
export function regionBounds(r: Region): Rect {
  switch (r.kind) {
    case 'examNumber':
    case 'objective':
      return blockBounds(r.block);
    case 'ab':
    case 'optional':
      return boundsOf(r.bubbles.map((b) => b.rect));
    default:
      return r.rect;
  }
}

function moveBlock(b: BubbleBlock, dx: number, dy: number): BubbleBlock {
  if ('grid' in b)
    return { grid: { ...b.grid, origin: { x: b.grid.origin.x + dx, y: b.grid.origin.y + dy } } };
  return {
    fields: b.fields.map((f) => ({
      ...f,
      bubbles: f.bubbles.map((x) => ({ ...x, rect: moveRect(x.rect, dx, dy) })),
    })),
  };
}

/** A region moved by whole pixels. */
export function moveRegion(r: Region, dx: number, dy: number): Region {
  const ix = Math.round(dx);
  const iy = Math.round(dy);
  switch (r.kind) {
    case 'examNumber':
    case 'objective':
      return { ...r, block: moveBlock(r.block, ix, iy) };
    case 'ab':
    case 'optional':
      return { ...r, bubbles: r.bubbles.map((b) => ({ ...b, rect: moveRect(b.rect, ix, iy) })) };
    default:
      return { ...r, rect: moveRect(r.rect, ix, iy) };
  }
}

/** Whether a region is a plain rectangle that can be resized by its corner. */
export const isRectRegion = (r: Region): r is Extract<Region, { rect: Rect }> => 'rect' in r;

/** How many fields (questions / digits) a bubble block has. */
export const fieldCount = (b: BubbleBlock): number => ('grid' in b ? b.grid.count : b.fields.length);

/** The question numbers an objective region reads, in order. */
export function objectiveNos(r: Extract<Region, { kind: 'objective' }>): string[] {
  const n = fieldCount(r.block);
  if (r.questions?.length) return r.questions.slice(0, n);
  return Array.from({ length: n }, (_, i) => String(r.firstQuestion + i));
}

/** Adds a region to a page, replacing one of the kinds a page holds once. */
export function addRegion(page: PageDraft, region: Region): PageDraft {
  const single = SINGLE_KINDS.includes(region.kind);
  // a card's exam number is either bubbles or a code, never both
  const clash = (k: RegionKind) =>
    k === region.kind ||
    (region.kind === 'examNumber' && k === 'examCode') ||
    (region.kind === 'examCode' && k === 'examNumber');
  const regions = single ? page.regions.filter((r) => !clash(r.kind)) : page.regions;
  return { ...page, regions: [...regions, region] };
}

function pageOf(p: PageDraft, meta: TemplateMeta, problems: string[]): CardTemplate['pages'][number] | null {
  if (!p.image) {
    problems.push(`第 ${p.index + 1} 页还没有上传模板图像`);
    return null;
  }
  const of = <K extends RegionKind>(k: K) =>
    p.regions.filter((r): r is Extract<Region, { kind: K }> => r.kind === k);
  const exam = of('examNumber')[0];
  const code = of('examCode')[0];
  const line = of('horizontalLine')[0];
  const ab = of('ab')[0];
  const absent = of('absent')[0];
  const locations = of('location');
  const pending = locations.filter((l) => !l.patch);
  if (pending.length)
    problems.push(`第 ${p.index + 1} 页的定位区 ${pending.map((l) => l.name).join('、')} 还没有取得参考图像`);
  const page: CardTemplate['pages'][number] & { image?: string } = {
    index: p.index,
    width: p.image.width,
    height: p.image.height,
    dpi: p.image.dpi || meta.dpiValue,
    ...(p.image.key ? { image: p.image.key } : {}),
    anchors: of('anchor').map((a) => ({ name: a.name, rect: a.rect })),
    locationAreas: locations.flatMap((l) =>
      l.patch ? [{ name: l.name, rect: l.rect, patch: l.patch }] : [],
    ),
    objective: of('objective').map((o) => ({
      name: o.name,
      kind: o.qkind,
      firstQuestion: o.firstQuestion,
      ...(o.questions?.length ? { questions: o.questions } : {}),
      ...o.block,
    })),
    optional: of('optional').map((o) => ({ name: o.name, bubbles: o.bubbles })),
    subjective: of('subjective').map((s) => ({ name: s.name, question: s.question, rect: s.rect })),
    scoreBoxes: p.extras.scoreBoxes,
    ...(p.extras.identity ? { identity: p.extras.identity } : {}),
    ...(line ? { horizontalLine: { name: line.name, rect: line.rect } } : {}),
    ...(exam
      ? {
          examNumber: {
            name: exam.name,
            kind: 'bubbles' as const,
            // 'fixed' is the default: only the other choice is written
            ...(exam.length === 'leftAligned' ? { length: exam.length } : {}),
            ...exam.block,
          },
        }
      : {}),
    ...(!exam && code ? { examNumber: { name: code.name, kind: code.code, rect: code.rect } } : {}),
    ...(ab ? { ab: { name: ab.name, bubbles: ab.bubbles } } : {}),
    ...(absent ? { absent: { name: absent.name, rect: absent.rect } } : {}),
  };
  return page;
}

/**
 * The CardTemplate of a draft, or the reasons it cannot be saved yet. Page pictures are remembered as
 * `image` (the upload key) so an edit shows them again.
 */
export function assembleTemplate(
  pages: PageDraft[],
  meta: TemplateMeta,
  id: string,
): { template: CardTemplate | null; problems: string[] } {
  const problems: string[] = [];
  const out = pages.map((p) => pageOf(p, meta, problems));
  if (problems.length || out.some((p) => p === null)) return { template: null, problems };
  return { template: { id, name: meta.mainTemplateName, pages: out.filter((p) => p !== null) }, problems };
}

/** A saved template read back into pages of regions (the picture comes back when the page names it). */
export function draftFromTemplate(t: CardTemplate): PageDraft[] {
  return t.pages.map((p) => {
    const withImage = p as TemplatePage & { image?: unknown };
    const key = typeof withImage.image === 'string' ? withImage.image : null;
    const regions: Region[] = [
      ...p.anchors.map((a): Region => ({ id: newId(), kind: 'anchor', name: a.name, rect: a.rect })),
      ...p.locationAreas.map((l): Region => ({
        id: newId(),
        kind: 'location',
        name: l.name,
        rect: l.rect,
        patch: l.patch,
      })),
      ...p.objective.map((o): Region => {
        const block: BubbleBlock = 'grid' in o ? { grid: o.grid } : { fields: o.fields };
        return {
          id: newId(),
          kind: 'objective',
          name: o.name,
          block,
          qkind: o.kind,
          firstQuestion: o.firstQuestion ?? 1,
          ...(o.questions?.length ? { questions: o.questions } : {}),
        };
      }),
      ...p.optional.map((o): Region => ({ id: newId(), kind: 'optional', name: o.name, bubbles: o.bubbles })),
      ...p.subjective.map((s): Region => ({
        id: newId(),
        kind: 'subjective',
        name: s.name,
        rect: s.rect,
        question: s.question,
      })),
    ];
    if (p.horizontalLine) regions.push({ id: newId(), kind: 'horizontalLine', ...p.horizontalLine });
    const e = p.examNumber;
    if (e) {
      if (e.kind === 'bubbles')
        regions.push({
          id: newId(),
          kind: 'examNumber',
          name: e.name,
          block: 'grid' in e ? { grid: e.grid } : { fields: e.fields },
          ...(e.length ? { length: e.length } : {}),
        });
      else regions.push({ id: newId(), kind: 'examCode', name: e.name, code: e.kind, rect: e.rect });
    }
    if (p.ab) regions.push({ id: newId(), kind: 'ab', name: p.ab.name, bubbles: p.ab.bubbles });
    if (p.absent) regions.push({ id: newId(), kind: 'absent', name: p.absent.name, rect: p.absent.rect });
    return {
      index: p.index,
      // without a remembered picture the page keeps its size and is drawn on white
      image: { key: key ?? '', width: p.width, height: p.height, dpi: p.dpi },
      detected: null,
      rejected: [],
      regions,
      extras: { scoreBoxes: p.scoreBoxes, ...(p.identity ? { identity: p.identity } : {}) },
    };
  });
}
