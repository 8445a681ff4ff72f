import sharp from 'sharp';
import type { TemplatePage } from '@yj/contracts';
import { cardSvg, type PrintStyle } from './card-svg';

/** A greyscale raster (0 black … 255 white). */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

const cache = new Map<string, Promise<Raster>>();

/** The printed page rendered at `dpi` (cached per process: rendering the SVG is the slow part). */
export function printedPage(
  page: TemplatePage,
  templateId: string,
  title: string,
  dpi: number,
  style: PrintStyle = {},
): Promise<Raster> {
  // Keyed by content: two templates may share an id while differing in layout (tests, edits).
  const key = `${templateId}|${dpi}|${title}|${JSON.stringify(style)}|${JSON.stringify(page)}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = render(page, templateId, title, dpi, style);
    cache.set(key, hit);
  }
  return hit;
}

/** Every page of a card as printed at its own resolution, by page index: the template's pictures in its pixels. */
export async function printedPages(
  card: { id: string; name: string; pages: TemplatePage[] },
  style: PrintStyle = {},
): Promise<Record<number, Raster>> {
  const rasters = await Promise.all(card.pages.map((p) => printedPage(p, card.id, card.name, p.dpi, style)));
  return Object.fromEntries(card.pages.map((p, i) => [p.index, rasters[i]!]));
}

/**
 * The printed page as the picture a card the product printed has stored with it: grey JPEG at quality 92
 * (what writing is told from, and what a template drawn on a scanned blank carries).
 */
export async function printedPicture(
  page: TemplatePage,
  templateId: string,
  title: string,
  dpi: number,
  style: PrintStyle = {},
): Promise<Buffer> {
  const blank = await printedPage(page, templateId, title, dpi, style);
  return sharp(blank.data, { raw: { width: blank.width, height: blank.height, channels: 1 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function render(
  page: TemplatePage,
  templateId: string,
  title: string,
  dpi: number,
  style: PrintStyle,
): Promise<Raster> {
  const k = dpi / page.dpi;
  const svg = cardSvg(page, templateId, title, style);
  const width = Math.round(page.width * k);
  const height = Math.round(page.height * k);
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * k })
    .resize(width, height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected 1 channel, got ${info.channels}`);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
