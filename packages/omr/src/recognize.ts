import type { CardTemplate, TemplatePage } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import type { GreyImage } from './image';
import { identifyByQr, type Identified } from './identify';
import { layoutScore, pageFields, allFields } from './layout';
import { checkPage } from './page-check';
import { boxBlur, isBitonal, isDithered } from './detect-pixels';
import { findStreaks, wideStreaks, withoutStreaks, withoutThinStreaks } from './streaks';
import { mapRect, readExamBarcode, readFields } from './read';
import { rectCentre } from './fields';
import { subjectiveExceptions } from './subjective';
import { applyH, fitAffine, fitHomography, type Matrix3, type Point } from './geometry';
import { candidateRotations, registerByAnchors, registerByLocationAreas, type Rotation } from './register';
import { trustRegistration } from './trust';
import type { OmrException, PageResult, Registration } from './types';

/** Options of one recognition call. */
export interface RecognizeOptions {
  /** Barcode reader (zxing-wasm): needed for page QR and barcode exam numbers. */
  reader?: BarcodeReader;
  /** The page of the card this image must be (e.g. known from the batch order); otherwise it is identified. */
  pageIndex?: number;
  /** Injected clock for per-stage timings (the library itself never reads the time). */
  clock?: () => number;
  /**
   * The printed blank of each page (the template picture, in template pixels), by page index: shows how
   * dark an empty bubble with a printed letter is, for labels too rare on the page to show it themselves.
   */
  blanks?: Record<number, GreyImage>;
}

/** Milliseconds spent per stage, when a clock was given. */
export interface StageTimings {
  identify: number;
  register: number;
  read: number;
}

/** A page result with nothing read yet (an exception until a reading fills it). */
export function emptyResult(): PageResult {
  return {
    status: 'exception',
    pageIndex: null,
    identity: null,
    registration: null,
    thresholds: null,
    examNumber: { value: null, source: null, digits: [] },
    objective: [],
    ab: null,
    absent: null,
    optional: [],
    scores: [],
    subjective: [],
    exceptions: [],
  };
}

/**
 * The scan without its scanner streaks (streaks.ts), noted on the result: everything after reads the cleaned
 * copy, so a line down the glass neither shades a column of bubbles nor makes a blank back look printed. The
 * caller's pixels are left as they are (the copy is made only when a streak is found).
 */
function cleanStreaks(img: GreyImage, result: PageResult): GreyImage {
  const streaks = findStreaks(img);
  if (!streaks.length) return img;
  result.streaks = streaks;
  return withoutThinStreaks(img, streaks);
}

type Candidate = { page: TemplatePage; reg: Registration; score: number };

function registerPage(img: GreyImage, page: TemplatePage, rotations: Rotation[]): Candidate | string {
  let best: Candidate | null = null;
  let reason = '模板没有定位点或定位区';
  const fields = allFields(pageFields(page));
  for (const rot of rotations) {
    const useAnchors = page.anchors.length >= 3;
    if (!useAnchors && page.locationAreas.length < 3) break;
    const out = useAnchors ? registerByAnchors(img, page, rot) : registerByLocationAreas(img, page, rot);
    if (!out.ok) {
      reason = out.reason;
      continue;
    }
    // Symmetric anchors fit an upside-down page too: the printed bubbles decide which way is up.
    const ncc = 'score' in out && typeof out.score === 'number' ? out.score : 0;
    const score = useAnchors ? layoutScore(img, out.reg.matrix, fields) : ncc * 255;
    if (!best || score > best.score) best = { page, reg: out.reg, score };
    // Printed patches that correlate this well cannot also match upside down: skip the other feed.
    if (!useAnchors && ncc >= 0.6) break;
  }
  return best ?? reason;
}

/**
 * The box radius that smooths a dithered scan's dots: 2 px at 200 dpi, as detectLayout's, in the pixels of the image
 * the template maps to by `m` (null: the template's own pixels, as a blank card picture is).
 */
function smoothing(m: Matrix3 | null, dpi: number): number {
  const scale = m ? Math.sqrt(Math.abs(m[0] * m[4] - m[1] * m[3])) : 1;
  return Math.max(1, Math.round((2 * scale * dpi) / 200));
}

/** Reads every field of a registered page into `result` (the read stage after registration). */
async function readRegistered(
  img: GreyImage,
  page: TemplatePage,
  reg: Registration,
  result: PageResult,
  reader: BarcodeReader | undefined,
  blank?: GreyImage,
): Promise<PageResult> {
  result.pageIndex = page.index;
  result.registration = reg;
  const wide = wideStreaks(result.streaks);
  // a dithered 1-bit scan draws a light mark as scattered dots: its bubbles are read smoothed, as the eye reads them
  // (detectLayout does the same); a scan cut at one threshold is read as it is (what it cut away is not there)
  const bitonal = isBitonal(img);
  const dots = bitonal && isDithered(img);
  if (bitonal && !dots) result.thresholded = true;
  const { readings, thresholds, exceptions } = readFields(
    dots ? boxBlur(img, smoothing(reg.matrix, page.dpi)) : img,
    reg.matrix,
    pageFields(page),
    dots && blank ? boxBlur(blank, smoothing(null, page.dpi)) : blank,
    wide,
  );
  Object.assign(result, readings);
  result.thresholds = thresholds;
  result.exceptions.push(...exceptions);
  if (page.examNumber && page.examNumber.kind !== 'bubbles') {
    const code = reader
      ? await readExamBarcode(img, reg.matrix, page, reader)
      : { value: null, source: page.examNumber.kind };
    result.examNumber = { value: code.value, source: code.source, digits: [] };
    if (!code.value)
      result.exceptions.push({
        type: 'examNumber',
        region: page.examNumber.name,
        reason: '考号条码无法识别',
      });
  }
  result.subjective = page.subjective.map((s) => ({
    name: s.name,
    question: s.question,
    ...mapRect(reg.matrix, s.rect),
  }));
  result.exceptions.push(...subjectiveExceptions(img, reg.matrix, page.subjective, result.subjective));
  result.status = result.exceptions.length > 0 ? 'exception' : 'ok';
  return result;
}

/** The template points a person marks on the image to register a page by hand: anchor centres, else location areas. */
export function manualAnchorPoints(page: TemplatePage): { name: string; point: Point }[] {
  const rects = page.anchors.length >= 3 ? page.anchors : page.locationAreas;
  return rects.map((a) => ({ name: a.name, point: rectCentre(a.rect) }));
}

/**
 * Recognises a page with a registration given by a person (定位异常 fixed by hand): `imagePoints` are the
 * image positions of the page's manual anchor points (see manualAnchorPoints), in that order. Four or more
 * points fit a homography, three an affine map. Pure: no anchor search, the same read stage as recognizePage.
 */
export async function recognizeWithPoints(
  img: GreyImage,
  card: CardTemplate,
  pageIndex: number,
  imagePoints: Point[],
  opts: Pick<RecognizeOptions, 'reader' | 'blanks'> = {},
): Promise<PageResult> {
  const result = emptyResult();
  const page = card.pages.find((p) => p.index === pageIndex);
  if (!page) {
    result.exceptions.push({
      type: 'wrongPage',
      region: 'identity',
      reason: `答题卡没有第 ${pageIndex + 1} 页`,
    });
    return result;
  }
  const template = manualAnchorPoints(page);
  const fail = (reason: string) => {
    result.exceptions.push({ type: 'location', region: 'anchors', reason });
    return result;
  };
  if (template.length < 3 || imagePoints.length !== template.length)
    return fail(`需要标出 ${template.length} 个定位点，收到 ${imagePoints.length} 个`);
  const from = template.map((t) => t.point);
  const matrix = from.length >= 4 ? fitHomography(from, imagePoints) : fitAffine(from, imagePoints);
  if (!matrix) return fail('定位点共线，无法求解变换');
  return recognizeWithMatrix(
    img,
    card,
    pageIndex,
    matrix,
    opts,
    template.map((t, i) => ({
      name: t.name,
      template: t.point,
      image: imagePoints[i]!,
    })),
  );
}

/** Reads a page through a given template → image matrix (no registration search). */
export async function recognizeWithMatrix(
  img: GreyImage,
  card: CardTemplate,
  pageIndex: number,
  matrix: Matrix3,
  opts: Pick<RecognizeOptions, 'reader' | 'blanks'> = {},
  points: Registration['points'] = [],
): Promise<PageResult> {
  const result = emptyResult();
  const page = card.pages.find((p) => p.index === pageIndex);
  if (!page) {
    result.exceptions.push({
      type: 'wrongPage',
      region: 'identity',
      reason: `答题卡没有第 ${pageIndex + 1} 页`,
    });
    return result;
  }
  const fitError = points.length
    ? Math.sqrt(
        points.reduce((s, p) => {
          const q = applyH(matrix, p.template);
          return s + (q.x - p.image.x) ** 2 + (q.y - p.image.y) ** 2;
        }, 0) / points.length,
      )
    : 0;
  const reg: Registration = { method: 'anchors', rotation: 0, matrix, fitError, points };
  // read as a found registration is: with the printed blank (letters in the bubbles, ticks at a place)
  return readRegistered(cleanStreaks(img, result), page, reg, result, opts.reader, opts.blanks?.[page.index]);
}

/** Recognises one greyscale page against a card template: identify, register, read, classify exceptions. */
export async function recognizePage(
  img: GreyImage,
  card: CardTemplate,
  opts: RecognizeOptions = {},
): Promise<PageResult & { timings?: StageTimings }> {
  const now = opts.clock;
  const t0 = now?.() ?? 0;
  const result = emptyResult();
  const fail = (e: OmrException) => {
    result.exceptions.push(e);
    return result;
  };
  img = cleanStreaks(img, result);
  // a line too wide to paint over is still not print: a blank back with one is checked with it painted over too
  const check = checkPage(withoutStreaks(img, wideStreaks(result.streaks)));
  if (check.problem) return fail({ type: 'imageProblem', region: 'page', reason: check.problem });
  if (check.blank) {
    result.status = 'blank';
    return fail({ type: 'blankPage', region: 'page', reason: '空白页' });
  }

  let id: Identified | null = null;
  if (opts.reader && card.pages.some((p) => p.identity)) id = await identifyByQr(img, card, opts.reader);
  const t1 = now?.() ?? 0;
  let pages = card.pages;
  if (id) {
    result.identity = id.identity;
    if (id.identity.templateId !== card.id)
      return fail({
        type: 'wrongPage',
        region: 'identity',
        reason: `不是本答题卡的页面 (${id.identity.templateId})`,
      });
    pages = card.pages.filter((p) => p.index === id.identity.page);
    if (pages.length === 0)
      return fail({
        type: 'wrongPage',
        region: 'identity',
        reason: `答题卡没有第 ${id.identity.page + 1} 页`,
      });
  }
  // the QR read from its mirror image: the scanner (or a phone's front camera) mirrored the picture, and every
  // answer would be read from the option across the row
  if (id?.mirrored)
    return fail({
      type: 'location',
      region: 'anchors',
      reason: '页面为镜像图像（页面二维码呈镜像），请检查扫描设置后重扫',
    });
  if (opts.pageIndex !== undefined) {
    pages = pages.filter((p) => p.index === opts.pageIndex);
    if (pages.length === 0)
      return fail({ type: 'wrongPage', region: 'identity', reason: '页码与批次顺序不符' });
  }

  let best: Candidate | null = null;
  let reason = '';
  for (const page of pages) {
    const c = registerPage(img, page, id ? [id.rotation] : candidateRotations(img, page));
    if (typeof c === 'string') reason = c;
    else if (!best || c.score > best.score) best = c;
  }
  if (!best) return fail({ type: 'location', region: 'anchors', reason: reason || '定位失败' });
  const { page } = best;
  // Nothing is read from a page whose registration is not proven (trust.ts): a 定位异常 instead.
  const settled = { wayUp: id !== null, side: id?.mirrored === false };
  const trust = trustRegistration(img, page, best.reg, settled);
  const t2 = now?.() ?? 0;
  if (!trust.ok) {
    const fit = `拟合误差 ${best.reg.fitError.toFixed(1)}px`;
    return fail({ type: 'location', region: 'anchors', reason: `${trust.reason}（${fit}）` });
  }
  await readRegistered(img, page, trust.reg, result, opts.reader, opts.blanks?.[page.index]);
  const t3 = now?.() ?? 0;
  if (now) return { ...result, timings: { identify: t1 - t0, register: t2 - t1, read: t3 - t2 } };
  return result;
}
