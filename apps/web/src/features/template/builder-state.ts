import { addRegion, emptyPage, type PageDraft, type Region } from './draft';
import type { DetectedLayout, TemplateImage } from './template.api';

// The builder's state and its transitions, kept pure so they can be tested without a screen.

export interface Selection {
  page: number;
  id: string;
}

export interface BuilderState {
  pages: PageDraft[];
  selected: Selection | null;
}

export type BuilderAction =
  | { type: 'pages'; pages: PageDraft[] }
  | { type: 'pageCount'; count: number }
  | { type: 'image'; page: number; image: TemplateImage; detected: DetectedLayout | null }
  | { type: 'add'; page: number; region: Region; select?: boolean }
  | { type: 'update'; page: number; region: Region }
  | { type: 'remove'; page: number; id: string }
  | { type: 'reject'; page: number; key: string }
  | { type: 'select'; selected: Selection | null };

const onPage = (s: BuilderState, page: number, f: (p: PageDraft) => PageDraft): PageDraft[] =>
  s.pages.map((p) => (p.index === page ? f(p) : p));

export function builderReducer(s: BuilderState, a: BuilderAction): BuilderState {
  switch (a.type) {
    case 'pages':
      return { ...s, pages: a.pages };
    case 'pageCount': {
      const pages = Array.from({ length: a.count }, (_, i) => s.pages[i] ?? emptyPage(i));
      const selected = s.selected && s.selected.page < a.count ? s.selected : null;
      return { pages, selected };
    }
    case 'image':
      // a new picture starts the page afresh: the old regions belonged to the old picture
      return {
        pages: onPage(s, a.page, (p) => ({
          ...emptyPage(p.index),
          image: a.image,
          detected: a.detected,
          extras: p.extras,
        })),
        selected: s.selected?.page === a.page ? null : s.selected,
      };
    case 'add':
      return {
        pages: onPage(s, a.page, (p) => addRegion(p, a.region)),
        selected: a.select === false ? s.selected : { page: a.page, id: a.region.id },
      };
    case 'update':
      return {
        ...s,
        pages: onPage(s, a.page, (p) => ({
          ...p,
          regions: p.regions.map((r) => (r.id === a.region.id ? a.region : r)),
        })),
      };
    case 'remove':
      return {
        pages: onPage(s, a.page, (p) => ({ ...p, regions: p.regions.filter((r) => r.id !== a.id) })),
        selected: s.selected?.id === a.id ? null : s.selected,
      };
    case 'reject':
      return { ...s, pages: onPage(s, a.page, (p) => ({ ...p, rejected: [...p.rejected, a.key] })) };
    case 'select':
      return { ...s, selected: a.selected };
  }
}

/** The selected region, if it still exists. */
export function selectedRegion(s: BuilderState): Region | null {
  if (!s.selected) return null;
  const { page, id } = s.selected;
  return s.pages.find((p) => p.index === page)?.regions.find((r) => r.id === id) ?? null;
}
