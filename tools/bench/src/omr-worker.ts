import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { CardTemplate } from '@yj/contracts';
import {
  pageFields,
  recognizePage,
  recognizePhoto,
  type BarcodeReader,
  type GreyImage,
  type PageResult,
} from '@yj/omr';
import { printedPages, scoreSheet, simulatedCard, type PrintStyle, type SheetTruth } from '@yj/scan-sim';
import { decodeGrey, loadReader, readAgainIfRaised, withPageSlot } from './io';

sharp.concurrency(1);
// libvips keeps recent images cached; a worker decodes each file once, so the cache only costs memory.
sharp.cache(false);
const cards = new Map<string, Promise<CardTemplate>>();
let reader: Promise<BarcodeReader> | null = null;

/** What one page cost and how it compared with the truth. */
export interface PageRun {
  file: string;
  difficulty: string;
  /** The bench set the page belongs to (its difficulty, or `turned`). */
  set: string;
  decode: number;
  identify: number;
  register: number;
  read: number;
  total: number;
  rss: number;
  status: string;
  silentErrors: string[];
  exceptionTypes: string[];
  needless: string[];
  /** The first exceptions in words, for reading the report. */
  details: string[];
  examNumberCorrect: boolean | null;
  /** Objective answers on the page, and those raised (an exception on the question, or the whole page). */
  answers: number;
  raisedAnswers: number;
  /** …of which the sheet did not call for (not a question marked twice on purpose). */
  answersNeedless: number;
}

/** The page's objective answers and how many of them were raised rather than read (issue 28). */
function raised(
  card: CardTemplate,
  truth: SheetTruth,
  res: PageResult,
): { answers: number; raisedAnswers: number } {
  const page = card.pages.find((p) => p.index === truth.pageIndex);
  const answers = page && !truth.blank ? pageFields(page).objective.length : 0;
  const flagged = new Set(res.exceptions.map((e) => e.region));
  const read = res.objective.filter((q) => q.reading.value !== null && !flagged.has(q.reading.name)).length;
  return { answers, raisedAnswers: Math.max(0, answers - read) };
}

const pictures = new Map<string, Promise<Record<number, GreyImage>>>();

/** How a set printed its card (omr-gen-worker.ts): its pictures are printed the same way. */
const printOf = (set?: string): PrintStyle =>
  set === 'brackets' ? { bubbleShape: 'brackets' } : set === 'numberTable' ? { numberTable: true } : {};

/**
 * The card's printed pages at its own resolution (scan-sim's print, as the set printed it: the `brackets` set
 * with brackets, the `numberTable` set with its ruled table), as its template's pictures.
 */
function picturesOf(card: CardTemplate, set?: string): Promise<Record<number, GreyImage>> {
  const style = printOf(set);
  const key = `${card.id}|${JSON.stringify(style)}`;
  let hit = pictures.get(key);
  if (!hit) pictures.set(key, (hit = printedPages(card, style)));
  return hit;
}

/** Bench task: `decode` times sharp's decode alone (the yardstick); `full` runs decodeGrey + recognition and scores it. */
export default async function run(job: {
  file: string;
  mode: 'decode' | 'full';
  set?: string;
  /** read with the card's printed pages as its template's pictures, as a card the product printed is read */
  pictures?: boolean;
}): Promise<PageRun | number> {
  reader ??= loadReader();
  const r = await reader;
  const bytes = await readFile(`${job.file}.jpg`);
  if (job.mode === 'decode') {
    // The yardstick: sharp's own greyscale decode (OpenCV's, with `--peer`).
    const t = performance.now();
    await sharp(bytes).greyscale().raw().toBuffer();
    return performance.now() - t;
  }
  const truth = JSON.parse(await readFile(`${job.file}.json`, 'utf8')) as SheetTruth;
  let pending = cards.get(truth.templateId);
  if (!pending) cards.set(truth.templateId, (pending = simulatedCard(truth.templateId)));
  const card = await pending;
  const opts = {
    reader: r,
    clock: () => performance.now(),
    ...(job.pictures ? { blanks: await picturesOf(card, job.set) } : {}),
  };
  // a phone photo is read as the phone upload reads it: straightened, then as a scan
  const read = truth.photo
    ? (page: GreyImage) => recognizePhoto(page, card, opts).then((p) => p.result)
    : (page: GreyImage) => recognizePage(page, card, opts);
  // as the server reads: decoded into a reused buffer, a page raised from the fast decode decoded again
  // accurately and read again
  const { t0, t1, res } = await withPageSlot(async (slot) => {
    const t0 = performance.now();
    const img = await decodeGrey(bytes, false, slot);
    const t1 = performance.now();
    return { t0, t1, res: await readAgainIfRaised(bytes, await read(img), read) };
  });
  const t2 = performance.now();
  const score = scoreSheet(card, truth, res);
  return {
    file: job.file,
    difficulty: truth.difficulty,
    set: job.set ?? truth.difficulty,
    decode: t1 - t0,
    identify: res.timings?.identify ?? 0,
    register: res.timings?.register ?? 0,
    read: res.timings?.read ?? 0,
    total: t2 - t0,
    rss: process.memoryUsage().rss,
    status: res.status,
    silentErrors: score.silentErrors,
    exceptionTypes: res.exceptions.map((e) => `${e.type}:${e.region}`),
    needless: score.needlessExceptions,
    details: res.exceptions
      .slice(0, 3)
      .map((e) => `${e.type} ${e.region} ${e.reason} ${e.fills?.map((f) => f.toFixed(2)).join('/') ?? ''}`),
    examNumberCorrect: score.examNumberCorrect,
    ...raised(card, truth, res),
    answersNeedless: res.exceptions.filter(
      (e) => e.type === 'objective' && score.needlessExceptions.includes(e.region),
    ).length,
  };
}
