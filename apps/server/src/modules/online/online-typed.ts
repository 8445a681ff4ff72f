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

/** The answer's lines as drawn on its page (an empty answer says so). */
export const typedLines = (text: string): string[] =>
  text.trim()
    ? wrapLines(text, Math.floor((TYPED_PAGE.w - TYPED_PAGE.margin * 2) / TYPED_PAGE.font))
    : ['（未作答）'];

/** The height of the page an answer is drawn on: its heading and every line, TYPED_PAGE.h at least. */
export const typedPageHeight = (text: string): number =>
  Math.max(TYPED_PAGE.h, TYPED_PAGE.margin * 2 + (typedLines(text).length + 1) * TYPED_PAGE.line);

/** The page as SVG: the question's number, then every line of the answer as typed (the page as tall as needed). */
export function typedPageSvg(no: string, text: string): string {
  const { w, margin, font, line } = TYPED_PAGE;
  const h = typedPageHeight(text);
  const rows = [`第 ${no} 题`, ...typedLines(text)].map(
    (l, i) =>
      `<text x="${margin}" y="${margin + font + i * line}" font-size="${font}"${i === 0 ? ' font-weight="bold"' : ''} xml:space="preserve">${escapeXml(l)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#fff"/><g font-family="Noto Sans CJK SC, sans-serif" fill="#000">${rows.join('')}</g></svg>`;
}

/** The page as the JPEG a scanned page would be. */
export const typedPage = (no: string, text: string): Promise<Buffer> =>
  sharp(Buffer.from(typedPageSvg(no, text)))
    .jpeg({ quality: 90 })
    .toBuffer();

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
