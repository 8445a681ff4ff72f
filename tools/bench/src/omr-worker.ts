import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { recognizePage, type BarcodeReader } from '@yj/omr';
import { scoreSheet, typicalCard, type SheetTruth } from '@yj/scan-sim';
import { decodeGrey, loadReader } from './io';

sharp.concurrency(1);
// libvips keeps recent images cached; a worker decodes each file once, so the cache only costs memory.
sharp.cache(false);
const card = typicalCard();
let reader: Promise<BarcodeReader> | null = null;

/** What one page cost and how it compared with the truth. */
export interface PageRun {
  file: string;
  difficulty: string;
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
  /** Objective questions read on the page, and how many of them were raised for a person (填涂不清, 多涂). */
  answers: number;
  answersRaised: number;
  /** …of which the sheet did not call for (not a question marked twice on purpose). */
  answersNeedless: number;
}

/** Bench task: `decode` times sharp's decode alone (the yardstick); `full` runs decodeGrey + recognition and scores it. */
export default async function run(job: { file: string; mode: 'decode' | 'full' }): Promise<PageRun | number> {
  reader ??= loadReader();
  const r = await reader;
  const bytes = await readFile(`${job.file}.jpg`);
  if (job.mode === 'decode') {
    // The yardstick: sharp's own greyscale decode (OpenCV's, with `--peer`).
    const t = performance.now();
    await sharp(bytes).greyscale().raw().toBuffer();
    return performance.now() - t;
  }
  const t0 = performance.now();
  const img = await decodeGrey(bytes);
  const t1 = performance.now();
  const res = await recognizePage(img, card, { reader: r, clock: () => performance.now() });
  const t2 = performance.now();
  const truth = JSON.parse(await readFile(`${job.file}.json`, 'utf8')) as SheetTruth;
  const score = scoreSheet(card, truth, res);
  return {
    file: job.file,
    difficulty: truth.difficulty,
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
    answers: res.objective.length,
    answersRaised: res.exceptions.filter((e) => e.type === 'objective').length,
    answersNeedless: res.exceptions.filter(
      (e) => e.type === 'objective' && score.needlessExceptions.includes(e.region),
    ).length,
  };
}
