import type { BlockRegion, RecognisedPage } from '@yj/contracts';
import { emptyResult } from '@yj/omr';
import sharp from 'sharp';
import { placedMath } from './online-math';
import { isObjective } from './online-rules';
import { TYPED_PAGE, typedRows } from './online-typed-layout';

/**
 * A typed answer as a page (issue 34): each written question of an online paper is one page image, of a fixed
 * width and at least TYPED_PAGE.h tall — taller as its answer needs, so every line is drawn — and a block's region
 * is its questions' whole pages, as tall as the subject's tallest such page (below a shorter page the cut reads
 * white). Marking, quality and reports show a typed answer through the paper images unchanged (the cut of a
 * full page under the identity registration).
 */
export { TYPED_PAGE, wrapLines } from './online-typed-layout';

const IDENTITY = (): [number, number, number, number, number, number, number, number, number] => [
  1, 0, 0, 0, 1, 0, 0, 0, 1,
];

/** The written questions' page indexes, in the questions' order. */
export function typedPageIndex(questions: { no: string; kind: string }[]): Map<string, number> {
  const subjective = questions.filter((q) => !isObjective(q.kind));
  return new Map(subjective.map((q, i) => [q.no, i]));
}

/**
 * A block's regions: the whole typed pages of its questions (none of them written: none), each as tall as the
 * tallest page drawn at that index (`heights`; TYPED_PAGE.h where none is taller).
 */
export function typedRegions(
  nos: string[],
  index: Map<string, number>,
  heights: Map<number, number> = new Map(),
): BlockRegion[] {
  const pages = [...new Set(nos.flatMap((no) => (index.has(no) ? [index.get(no)!] : [])))].sort(
    (a, b) => a - b,
  );
  return pages.map((page) => ({
    page,
    x: 0,
    y: 0,
    w: TYPED_PAGE.w,
    h: Math.max(TYPED_PAGE.h, heights.get(page) ?? 0),
  }));
}

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A photo of the answer as the page holds it: its stored size and the student's clockwise rotation. */
export interface PagePhoto {
  width: number;
  height: number;
  rotation: number;
}

/** Largest box a photo is fitted into on the page, and the gap above each. */
export const PHOTO_BOX = { w: TYPED_PAGE.w - TYPED_PAGE.margin * 2, h: 1200, gap: 20 } as const;

/**
 * Where each photo lies on the page: below the typed lines, one under the other, each turned as the student
 * turned it and fitted into PHOTO_BOX (never enlarged).
 */
export function photoPlaces(text: string, photos: PagePhoto[]) {
  const { margin } = TYPED_PAGE;
  let y = typedRows(text, photos.length).bottom;
  return photos.map((p) => {
    const turned = p.rotation % 180 !== 0;
    const [w0, h0] = turned ? [p.height, p.width] : [p.width, p.height];
    const k = Math.min(1, PHOTO_BOX.w / w0, PHOTO_BOX.h / h0);
    const place = {
      x: margin,
      y: y + PHOTO_BOX.gap,
      w: Math.max(1, Math.round(w0 * k)),
      h: Math.max(1, Math.round(h0 * k)),
    };
    y = place.y + place.h;
    return place;
  });
}

/** The height of the page an answer is drawn on: its heading, every row and every photo, TYPED_PAGE.h at least. */
export function typedPageHeight(text: string, photos: PagePhoto[] = []): number {
  const lines = typedRows(text, photos.length).bottom + TYPED_PAGE.margin;
  const last = photoPlaces(text, photos).at(-1);
  return Math.max(TYPED_PAGE.h, lines, last ? last.y + last.h + TYPED_PAGE.margin : 0);
}

/**
 * The page as SVG: the question's number, then the answer as typed, its formulas drawn as math (inline ones in
 * the line, display ones centred on their own), a formula that is not TeX as its source in red.
 */
export function typedPageSvg(no: string, text: string, photos: PagePhoto[] = []): string {
  const { w, margin, font } = TYPED_PAGE;
  const h = typedPageHeight(text, photos);
  const heading = `<text x="${margin}" y="${margin + font}" font-size="${font}" font-weight="bold" xml:space="preserve">第 ${escapeXml(no)} 题</text>`;
  const drawn = typedRows(text, photos.length).rows.flatMap((row) =>
    row.pieces.map((p) =>
      p.kind === 'text'
        ? `<text x="${round(p.x)}" y="${round(row.baseline)}" font-size="${font}"${p.error ? ` fill="${TEX_ERROR}"` : ''} xml:space="preserve">${escapeXml(p.text)}</text>`
        : placedMath(p.box, p.x, row.baseline - p.box.ascent * p.k, p.k),
    ),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fff"/><g font-family="Noto Sans CJK SC, sans-serif" fill="#000">${heading}${drawn.join('')}</g></svg>`;
}

/** Colour of a formula's source where it is not TeX MathJax reads (KaTeX's error red on the web). */
export const TEX_ERROR = '#cc0000';

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * The page as the JPEG a scanned page would be: the typed lines, then the photos laid in their places (each
 * photo's bytes given with it), so the marking screen shows them as it shows a cut of a scanned page.
 */
export async function typedPage(
  no: string,
  text: string,
  photos: (PagePhoto & { bytes: Buffer })[] = [],
): Promise<Buffer> {
  const places = photoPlaces(text, photos);
  const layers = await Promise.all(
    photos.map(async (p, i) => ({
      input: await sharp(p.bytes)
        .rotate(p.rotation)
        .resize(places[i]!.w, places[i]!.h, { fit: 'fill' })
        .toBuffer(),
      left: places[i]!.x,
      top: places[i]!.y,
    })),
  );
  return sharp(Buffer.from(typedPageSvg(no, text, photos)))
    .composite(layers)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** scan_page.result of a typed page: read already, registered as itself. */
export function typedPageResult(index: number): RecognisedPage {
  return {
    ...emptyResult(),
    status: 'ok',
    pageIndex: index,
    registration: { method: 'anchors', rotation: 0, matrix: IDENTITY(), fitError: 0, points: [] },
    crops: [],
  };
}
