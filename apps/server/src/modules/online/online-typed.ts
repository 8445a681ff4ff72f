import type { BlockRegion, RecognisedPage } from '@yj/contracts';
import { emptyResult } from '@yj/omr';
import sharp from 'sharp';
import { isObjective } from './online-rules';

/**
 * A typed answer as a page (issue 34): each written question of an online paper is one page image, of a fixed
 * width and at least TYPED_PAGE.h tall — taller as its answer needs, so every line is drawn — and a block's region
 * is its questions' whole pages, as tall as the subject's tallest such page (below a shorter page the cut reads
 * white). Marking, quality and reports show a typed answer through the paper images unchanged (the cut of a
 * full page under the identity registration).
 */
export const TYPED_PAGE = { w: 1000, h: 1300, margin: 40, font: 24, line: 36 } as const;

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

/** Width of a character in ems: CJK and full-width forms one, others about half. */
const widthOf = (c: string): number => (c.codePointAt(0)! >= 0x2e80 ? 1 : 0.56);

/** The text broken into lines of the page's width (by character: Chinese has no spaces to break at). */
export function wrapLines(text: string, ems: number): string[] {
  const out: string[] = [];
  for (const para of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    let used = 0;
    for (const c of para) {
      const w = widthOf(c);
      if (used + w > ems && line) {
        out.push(line);
        line = '';
        used = 0;
      }
      line += c;
      used += w;
    }
    out.push(line);
  }
  return out;
}

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The answer's lines as drawn on its page (an empty answer says so, unless photos answer it). */
export const typedLines = (text: string, photos = 0): string[] =>
  text.trim()
    ? wrapLines(text, Math.floor((TYPED_PAGE.w - TYPED_PAGE.margin * 2) / TYPED_PAGE.font))
    : photos
      ? []
      : ['（未作答）'];

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
  const { margin, line } = TYPED_PAGE;
  let y = margin + (typedLines(text, photos.length).length + 1) * line;
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

/** The height of the page an answer is drawn on: its heading, every line and every photo, TYPED_PAGE.h at least. */
export function typedPageHeight(text: string, photos: PagePhoto[] = []): number {
  const lines = TYPED_PAGE.margin * 2 + (typedLines(text, photos.length).length + 1) * TYPED_PAGE.line;
  const last = photoPlaces(text, photos).at(-1);
  return Math.max(TYPED_PAGE.h, lines, last ? last.y + last.h + TYPED_PAGE.margin : 0);
}

/** The page as SVG: the question's number, then every line of the answer as typed (the page as tall as needed). */
export function typedPageSvg(no: string, text: string, photos: PagePhoto[] = []): string {
  const { w, margin, font, line } = TYPED_PAGE;
  const h = typedPageHeight(text, photos);
  const rows = [`第 ${no} 题`, ...typedLines(text, photos.length)].map(
    (l, i) =>
      `<text x="${margin}" y="${margin + font + i * line}" font-size="${font}"${i === 0 ? ' font-weight="bold"' : ''} xml:space="preserve">${escapeXml(l)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fff"/><g font-family="Noto Sans CJK SC, sans-serif" fill="#000">${rows.join('')}</g></svg>`;
}

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
