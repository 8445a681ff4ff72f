import type { CardTemplate, TemplatePage } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import type { GreyImage } from './image';
import { identifyByQr, type Identified } from './identify';
import { layoutScore, pageFields, allFields } from './layout';
import { checkPage } from './page-check';
import { mapRect, readExamBarcode, readFields } from './read';
import { candidateRotations, registerByAnchors, registerByLocationAreas, type Rotation } from './register';
import type { OmrException, PageResult, Registration } from './types';

/** Options of one recognition call. */
export interface RecognizeOptions {
  /** Barcode reader (zxing-wasm): needed for page QR and barcode exam numbers. */
  reader?: BarcodeReader;
  /** The page of the card this image must be (e.g. known from the batch order); otherwise it is identified. */
  pageIndex?: number;
  /** Injected clock for per-stage timings (the library itself never reads the time). */
  clock?: () => number;
}

/** Milliseconds spent per stage, when a clock was given. */
export interface StageTimings {
  identify: number;
  register: number;
  read: number;
}

function emptyResult(): PageResult {
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
  const check = checkPage(img);
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
  const t2 = now?.() ?? 0;
  if (!best) return fail({ type: 'location', region: 'anchors', reason: reason || '定位失败' });
  const { page, reg } = best;
  result.pageIndex = page.index;
  result.registration = reg;

  const { readings, thresholds, exceptions } = readFields(img, reg.matrix, pageFields(page));
  Object.assign(result, readings);
  result.thresholds = thresholds;
  result.exceptions.push(...exceptions);
  if (page.examNumber && page.examNumber.kind !== 'bubbles') {
    const code = opts.reader
      ? await readExamBarcode(img, reg.matrix, page, opts.reader)
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
  result.status = result.exceptions.length > 0 ? 'exception' : 'ok';
  const t3 = now?.() ?? 0;
  if (now) return { ...result, timings: { identify: t1 - t0, register: t2 - t1, read: t3 - t2 } };
  return result;
}
