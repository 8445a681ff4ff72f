import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardTemplate } from '@yj/contracts';
import { createZxingReader, recognizePage, type BarcodeReader, type PageResult } from '@yj/omr';
import { scoreSheet, simulateSheet, type Difficulty, type SheetAnswers } from '@yj/scan-sim';
import { loadCardFonts } from './font';
import { demoOptions, demoStructure, layoutCard, cardTemplate, renderPdf } from './index';
import { chosenAnswers, fillAndScan, greyImage, rasterisePdf, templatePage } from './testing/print-scan';

// The strongest check of the card: lay it out, derive its template, print it (the simulator's print
// of the template, and our own PDF rasterised by mupdf), fill it in with pencil, scan it, recognise it
// with the card's own template, and get back exactly what was filled in, with no exception.

const geometry = layoutCard({ structure: demoStructure(), options: demoOptions() });
const card = cardTemplate(geometry);
const EXAM_NUMBER = '20250817';
let reader: BarcodeReader;
let pdf: Uint8Array;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  reader = await createZxingReader(await readFile(wasm));
  pdf = await renderPdf(geometry, await loadCardFonts());
});

const sorted = (a: readonly string[] | null | undefined) => (a ? [...a].sort() : a);

function expectExact(
  c: CardTemplate,
  pageIndex: number,
  a: SheetAnswers,
  r: PageResult,
  ourPrint: boolean,
): void {
  const page = templatePage(c, pageIndex);
  expect(r.exceptions).toEqual([]);
  expect(r.status).toBe('ok');
  expect(r.pageIndex).toBe(pageIndex);
  // Our own print carries exam and subject in the page QR; the simulator's print of a template only the card and page.
  const ids = ourPrint ? { examId: '1', subjectId: '1' } : {};
  expect(r.identity).toMatchObject({ templateId: c.id, page: pageIndex, ...ids });
  if (page.examNumber) expect(r.examNumber.value).toBe(EXAM_NUMBER);
  const want = Object.fromEntries(Object.entries(a.objective).map(([q, v]) => [q, sorted(v)]));
  const got = Object.fromEntries(r.objective.map((o) => [o.question, sorted(o.reading.value)]));
  expect(got).toEqual(want);
  if (page.ab) expect(r.ab?.value).toEqual([a.ab]);
  if (page.absent) expect(r.absent?.value).toEqual([]);
  for (const o of r.optional) expect(o.value).toEqual([a.optional[o.name]]);
  for (const s of r.scores) expect(s.value, s.name).toBe(a.scores[s.name]);
  expect(r.subjective.map((s) => s.name)).toEqual(page.subjective.map((s) => s.name));
}

describe('demo card', () => {
  it('has two A3 pages with every kind of region the structure asks for', () => {
    expect(card.pages.map((p) => p.index)).toEqual([0, 1]);
    const all = card.pages;
    expect(all.flatMap((p) => p.objective).reduce((n, g) => n + ('grid' in g ? g.grid.count : 0), 0)).toBe(
      30,
    );
    expect(all.flatMap((p) => p.subjective.map((s) => s.question))).toContain('38|39');
    expect(all.flatMap((p) => p.optional).map((o) => o.bubbles.map((b) => b.label))).toEqual([['38', '39']]);
  });
});

describe.each<[Difficulty, number]>([
  ['clean', 101],
  ['typical', 202],
])('round trip at %s difficulty', (difficulty, seed) => {
  it.each([0, 1])('the simulator’s print of the template, page %i, reads back exactly', async (pageIndex) => {
    const a = chosenAnswers(templatePage(card, pageIndex), seed + pageIndex, EXAM_NUMBER);
    const { jpeg, truth } = await simulateSheet(card, pageIndex, a, {
      seed: seed + pageIndex,
      difficulty,
      dpi: 200,
    });
    const r = await recognizePage(await greyImage(jpeg), card, { reader });
    expectExact(card, pageIndex, a, r, false);
    expect(scoreSheet(card, truth, r).silentErrors).toEqual([]);
  });

  it.each([0, 1])(
    'our printed PDF (mupdf, 200 dpi), page %i, filled and scanned, reads back exactly',
    async (pageIndex) => {
      const page = templatePage(card, pageIndex);
      const a = chosenAnswers(page, seed + 10 + pageIndex, EXAM_NUMBER);
      const printed = await rasterisePdf(pdf, pageIndex, 200);
      const jpeg = await fillAndScan(printed, page, a, { seed: seed + 10 + pageIndex, difficulty, dpi: 200 });
      const r = await recognizePage(await greyImage(jpeg), card, { reader });
      expectExact(card, pageIndex, a, r, true);
    },
  );
});

describe('unfilled and blank sheets', () => {
  it('an unfilled printed page 2 is identified and registered, asking only for its 选做 marks', async () => {
    const printed = await rasterisePdf(pdf, 1, 200);
    const none: SheetAnswers = {
      examNumber: null,
      objective: {},
      ab: null,
      absent: false,
      optional: {},
      scores: {},
    };
    const jpeg = await fillAndScan(printed, templatePage(card, 1), none, {
      seed: 7,
      difficulty: 'clean',
      dpi: 200,
    });
    const r = await recognizePage(await greyImage(jpeg), card, { reader });
    expect(r.pageIndex).toBe(1);
    expect(r.registration?.fitError).toBeLessThan(2);
    // Only the 选做 mark is asked for: nobody chose a question on an empty page.
    expect(r.exceptions.map((e) => e.type)).toEqual(r.optional.map(() => 'option'));
  });

  it('an unfilled page 1 asks only for what a person must fill: exam number, A/B, 选做', async () => {
    const printed = await rasterisePdf(pdf, 0, 200);
    const none: SheetAnswers = {
      examNumber: null,
      objective: {},
      ab: null,
      absent: false,
      optional: {},
      scores: {},
    };
    const jpeg = await fillAndScan(printed, templatePage(card, 0), none, {
      seed: 8,
      difficulty: 'clean',
      dpi: 200,
    });
    const r = await recognizePage(await greyImage(jpeg), card, { reader });
    expect(r.pageIndex).toBe(0);
    const optional = templatePage(card, 0).optional.length > 0 ? ['option'] : [];
    expect(new Set(r.exceptions.map((e) => e.type))).toEqual(new Set(['examNumber', 'ab', ...optional]));
    expect(r.objective.every((o) => o.reading.value?.length === 0)).toBe(true);
  });

  it('a blank back is reported as a blank page', async () => {
    const a = chosenAnswers(templatePage(card, 1), 1, EXAM_NUMBER);
    const { jpeg } = await simulateSheet(card, 1, a, { seed: 3, difficulty: 'clean', blank: true, dpi: 200 });
    const r = await recognizePage(await greyImage(jpeg), card, { reader });
    expect(r.status).toBe('blank');
  });
});

describe('barcode-sticker card on A4', () => {
  it('reads the sticker and the answers of a one-column card', async () => {
    const g = layoutCard({
      structure: demoStructure(),
      options: demoOptions({ cardId: 'demo-a4', paper: 'A4', columns: 1, examNumber: { kind: 'barcode' } }),
    });
    const c = cardTemplate(g);
    expect(c.pages[0]!.examNumber?.kind).toBe('code128');
    const a = chosenAnswers(templatePage(c, 0), 5, EXAM_NUMBER);
    const { jpeg } = await simulateSheet(c, 0, a, { seed: 5, difficulty: 'clean', dpi: 200 });
    const r = await recognizePage(await greyImage(jpeg), c, { reader });
    expectExact(c, 0, a, r, false);
  });
});
