import { CardTemplateSchema, type CardTemplate, type TemplatePage, type TemplateRect } from '@yj/contracts';
import type { PrintStyle } from './card-svg';
import { printedPage } from './raster';
import { typicalCard } from './typical-card';

// Third-party cards registered by location areas (定位区): the typical card's first page without a page
// QR, registered by printed patches a person framed in the template builder and cut from the print itself.

const PATCH_SCALE = 0.5;

/**
 * Which patches the person framed: `print` the title, the 考号 heading and the subjective boxes' headings
 * (text: it reads one way up only); `corners` the four black corner squares the sheet prints (the same
 * block four times: it matches upside down and mirrored just as well).
 */
export type AreaChoice = 'print' | 'corners';

function areaRects(page: TemplatePage, corners: TemplateRect[], choice: AreaChoice) {
  if (choice === 'corners') {
    const g = 24;
    return corners.map((r, i) => ({
      name: `角块${i + 1}`,
      rect: { x: r.x - g, y: r.y - g, w: r.w + 2 * g, h: r.h + 2 * g },
    }));
  }
  const en = page.examNumber && page.examNumber.kind === 'bubbles' ? page.examNumber : null;
  const first = en && 'grid' in en ? en.grid.origin : null;
  return [
    { name: '标题', rect: { x: 190, y: 125, w: 620, h: 60 } },
    ...(first ? [{ name: '考号标题', rect: { x: first.x - 20, y: first.y - 120, w: 120, h: 44 } }] : []),
    ...page.subjective.map((s) => ({
      name: `${s.name}题头`,
      rect: { x: s.rect.x + 8, y: s.rect.y + 8, w: 300, h: 40 },
    })),
  ];
}

/** The patch of a template rectangle: means of the print's pixels (rendered at the template's dpi). */
function cut(r: { width: number; data: Uint8Array }, rect: TemplateRect) {
  const width = Math.round(rect.w * PATCH_SCALE);
  const height = Math.round(rect.h * PATCH_SCALE);
  const k = Math.round(1 / PATCH_SCALE);
  let bin = '';
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let j = 0; j < k; j++)
        for (let i = 0; i < k; i++) s += r.data[(rect.y + y * k + j) * r.width + rect.x + x * k + i]!;
      bin += String.fromCharCode(Math.round(s / (k * k)));
    }
  return { width, height, scale: PATCH_SCALE, data: btoa(bin) };
}

/** A location-area card and how its sheets are printed (pass `print` to simulateSheet). */
export interface LocationAreaCard {
  card: CardTemplate;
  print: PrintStyle;
}

/**
 * The typical card's first page as a third-party sheet registered by location areas (no page QR).
 * `anchors`: the corner squares are also the template's anchors (a template with both); otherwise they
 * are printed, with `areas: 'corners'`, only as marks the location areas frame.
 */
export async function locationAreaCard(
  opts: { areas?: AreaChoice; anchors?: boolean } = {},
): Promise<LocationAreaCard> {
  const choice = opts.areas ?? 'print';
  const base = typicalCard(`third-party-${choice}${opts.anchors ? '-anchors' : ''}`);
  const { identity: _i, ...first } = base.pages[0]!;
  const corners = first.anchors.map((a) => a.rect);
  const page: TemplatePage = { ...first, anchors: opts.anchors ? first.anchors : [] };
  const print: PrintStyle = !opts.anchors && choice === 'corners' ? { marks: corners } : {};
  const printed = await printedPage(page, base.id, base.name, page.dpi, print);
  const locationAreas = areaRects(page, corners, choice).map((a) => ({ ...a, patch: cut(printed, a.rect) }));
  return { card: CardTemplateSchema.parse({ ...base, pages: [{ ...page, locationAreas }] }), print };
}
