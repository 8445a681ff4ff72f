import { CardTemplateSchema, type CardTemplate, type TemplatePageInput } from '@yj/contracts';
import type { CardGeometry, GeometryPage, MmGrid, MmRect } from './types';

/** Options of `cardTemplate`. */
export interface TemplateOptions {
  /** Template pixels per inch (recognition default 200). */
  dpi?: number;
}

function scaler(dpi: number) {
  const k = dpi / 25.4;
  const v = (mm: number) => Math.round(mm * k * 100) / 100;
  const rect = (r: MmRect) => ({ x: v(r.x), y: v(r.y), w: v(r.w), h: v(r.h) });
  const grid = (g: MmGrid) => ({
    origin: { x: v(g.origin.x), y: v(g.origin.y) },
    bubble: { w: v(g.bubble.w), h: v(g.bubble.h) },
    direction: g.direction,
    options: [...g.options],
    optionGap: v(g.optionGap),
    fieldGap: v(g.fieldGap),
    count: g.count,
  });
  const bubbles = (bs: { label: string; rect: MmRect }[]) =>
    bs.map((b) => ({ label: b.label, rect: rect(b.rect) }));
  return { v, rect, grid, bubbles };
}

function page(g: CardGeometry, p: GeometryPage, dpi: number): TemplatePageInput {
  const s = scaler(dpi);
  const r = p.regions;
  const en = r.examNumber;
  return {
    index: p.index,
    width: s.v(g.width),
    height: s.v(g.height),
    dpi,
    identity: { name: r.identity.name, rect: s.rect(r.identity.rect) },
    anchors: r.anchors.map((a) => ({ name: a.name, rect: s.rect(a.rect) })),
    ...(en
      ? {
          examNumber:
            en.kind === 'bubbles'
              ? { name: en.name, kind: 'bubbles' as const, grid: s.grid(en.grid) }
              : { name: en.name, kind: en.kind, rect: s.rect(en.rect) },
        }
      : {}),
    objective: r.objective.map((o) => ({
      name: o.name,
      kind: o.kind,
      questions: [...o.questions],
      grid: s.grid(o.grid),
    })),
    ...(r.ab ? { ab: { name: r.ab.name, bubbles: s.bubbles(r.ab.bubbles) } } : {}),
    ...(r.absent ? { absent: { name: r.absent.name, rect: s.rect(r.absent.rect) } } : {}),
    optional: r.optional.map((o) => ({ name: o.name, bubbles: s.bubbles(o.bubbles) })),
    subjective: r.subjective.map((b) => ({ name: b.name, question: b.question, rect: s.rect(b.rect) })),
    scoreBoxes: r.scoreBoxes.map((b) => ({
      name: b.name,
      question: b.question,
      fields: b.fields.map((f) => ({ name: f.name, bubbles: s.bubbles(f.bubbles) })),
    })),
  };
}

/** The recognition template of a laid-out card, in template pixels at `dpi` (default 200). */
export function cardTemplate(g: CardGeometry, opts: TemplateOptions = {}): CardTemplate {
  const dpi = opts.dpi ?? 200;
  return CardTemplateSchema.parse({ id: g.cardId, name: g.name, pages: g.pages.map((p) => page(g, p, dpi)) });
}
