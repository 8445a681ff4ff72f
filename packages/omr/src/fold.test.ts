import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRng,
  hiddenByFold,
  randomAnswers,
  scoreSheet,
  simulateSheet,
  tapeOver,
  typicalCard,
  type DogEar,
  type PrintStyle,
  type SheetTruth,
} from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import { measureField } from './bubbles';
import { applyH } from './geometry';
import { pageFields } from './layout';
import { decodeGrey, loadZxingReader } from './node';
import { recognizePage, recognizeWithMatrix } from './recognize';
import type { PageResult } from './types';

// A corner folded over before scanning (折角) lays blank paper over whatever it reaches: on the scan the bubbles
// there are paper, so before the print check (read.ts, printMissing) a marked question under the flap read as
// unanswered and a page could pass with no exception at all (bench:omr's folded set: 7 answers on 3 of 100 pages).

const card = typicalCard();
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

const UNPRINTED = '选项框被遮住或缺角';

async function foldedScan(
  pageIndex: number,
  fold: DogEar | undefined,
  seed: number,
  print?: PrintStyle,
  backing?: number,
) {
  const page = card.pages[pageIndex]!;
  const answers = randomAnswers(page, createRng(seed), 'typical', '20261130');
  const sim = await simulateSheet(card, pageIndex, answers, {
    seed,
    difficulty: 'typical',
    dpi: 200,
    feed: 0,
    ...(fold ? { fold } : {}),
    ...(print ? { print } : {}),
    ...(backing !== undefined ? { backing } : {}),
  });
  return { sim, img: await decodeGrey(sim.jpeg), centres: fold ? hiddenByFold(page, fold, 'centre') : [] };
}

/**
 * What a folded page must come to: no silent error; every field with a bubble's centre under the flap asked about
 * (the exam number by its first unclear digit), most of them saying a flap lies over them (a bubble the flap's
 * edge cuts shows half a mark: raised as 填涂不清); nothing else.
 */
function expectRaisedUnderFold(sim: { truth: SheetTruth }, r: PageResult, centres: string[]) {
  expect(centres.length).toBeGreaterThan(0);
  expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
  const raised = new Map(r.exceptions.map((e) => [e.region, e.reason]));
  const examNumber = r.exceptions.find((e) => e.type === 'examNumber');
  const reason = (name: string) =>
    (name.startsWith('考号#') ? examNumber : undefined)?.reason ?? raised.get(name);
  for (const name of centres) expect(reason(name), name).toBeDefined();
  const noted = centres.filter((name) => reason(name)?.includes(UNPRINTED));
  expect(noted.length).toBeGreaterThan(centres.length / 2);
  // the fields it only touches may be asked about too (in the truth's expected exceptions), nothing else
  const expected = new Set(sim.truth.expectExceptions);
  expect(r.exceptions.filter((e) => !expected.has(e.region))).toEqual([]);
}

describe('a folded corner', () => {
  it.each([
    ['bottom left, over questions 31–40', 0, { corner: 2, a: 110, b: 90 }, 5],
    ['top left of the back, over the 选做 mark', 1, { corner: 0, a: 100, b: 100 }, 7],
  ] as const)('%s: what the flap hides is raised, the rest is read', async (_, pageIndex, fold, seed) => {
    const { sim, img, centres } = await foldedScan(pageIndex, fold, seed);
    const r = await recognizePage(img, card, { reader });
    expect(r.registration).not.toBeNull();
    expectRaisedUnderFold(sim, r, centres);
  });

  it('raises the marks under the flap that would otherwise read as blank', async () => {
    const { sim, img, centres } = await foldedScan(0, { corner: 2, a: 110, b: 90 }, 5);
    const r = await recognizePage(img, card, { reader });
    const marked = centres.filter((q) => (sim.truth.answers.objective[q]?.length ?? 0) > 0);
    expect(marked.length).toBeGreaterThan(3);
    for (const q of marked) expect(r.objective.find((o) => o.question === q)!.reading.value, q).toBeNull();
  });

  it('a narrow flap whose edge cuts one marked bubble and covers none whole: that question is raised, not read without it', async () => {
    // 41 mm along the bottom, 134 up the side: the edge crosses question 35's A (marked) and leaves three
    // quarters of its outline bare; no bubble beside it is under the flap whole. It read B D E for A B D E.
    const fold = { corner: 2, a: 40.87, b: 133.67 } as const;
    const { sim, img } = await foldedScan(0, fold, 1044);
    expect(sim.truth.answers.objective['35']).toContain('A');
    const r = await recognizePage(img, card, { reader });
    expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
    expect(r.objective.find((o) => o.question === '35')!.reading.value).toBeNull();
    expect(r.exceptions.find((e) => e.region === '35')?.reason).toContain(UNPRINTED);
    // only what the flap reaches is asked about
    const expected = new Set(sim.truth.expectExceptions);
    expect(r.exceptions.filter((e) => !expected.has(e.region))).toEqual([]);
  });

  it('over the exam number and its anchor: registered from the other three (the printed bubbles prove the fit), the number raised rather than short', async () => {
    const { sim, img, centres } = await foldedScan(0, { corner: 0, a: 80, b: 130 }, 6);
    expect(centres).toContain('考号#1');
    const r = await recognizePage(img, card, { reader });
    expect(r.registration!.points.map((p) => p.name).sort()).toEqual([
      '右上定位点',
      '右下定位点',
      '左下定位点',
    ]);
    expect(r.examNumber.value).toBeNull();
    expectRaisedUnderFold(sim, r, centres);
    // placed by hand instead (the truth's own mapping stands in for a person's clicks), the same is raised
    const fixed = await recognizeWithMatrix(img, card, 0, sim.truth.transform, { reader });
    expect(fixed.examNumber.value).toBeNull();
    expectRaisedUnderFold(sim, fixed, centres);
  });
});

describe('correction tape (修正带) over most of a marked option', () => {
  // the tape's edge cuts the bubble as a flap's does, with nothing beside it covered whole: the option read as
  // empty before EDGE_ARC (these three read as unanswered, silently)
  it.each([
    [1, '8', 'left'],
    [1, '8', 'top'],
    [6, '13', 'left'],
  ] as const)(
    'page seed %i, question %s, its %s three fifths taped: raised',
    async (seed, question, side) => {
      const { sim } = await foldedScan(0, undefined, seed);
      const field = pageFields(card.pages[0]!).objective.find((o) => o.field.name === question)!.field;
      const label = sim.truth.answers.objective[question]![0]!;
      const b = field.bubbles.find((x) => x.label === label)!.rect;
      const g = 4;
      const tape =
        side === 'left'
          ? { x: b.x - g, y: b.y - g, w: b.w * 0.6 + g, h: b.h + 2 * g }
          : { x: b.x - g, y: b.y - g, w: b.w + 2 * g, h: b.h * 0.6 + g };
      const img = await decodeGrey(await tapeOver(sim.jpeg, [tape], sim.truth.transform));
      const r = await recognizePage(img, card, { reader });
      expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
      expect(r.exceptions.find((e) => e.region === question)?.reason).toContain(UNPRINTED);
      const expected = new Set([...sim.truth.expectExceptions, question]);
      expect(r.exceptions.filter((e) => !expected.has(e.region))).toEqual([]);
    },
  );
});

describe('a scanner with a black backing plate (black round the sheet and where a corner is gone)', () => {
  const BLACK = 30;

  it('an unfolded page, skewed (black wedges at its edges), raises nothing', async () => {
    const { sim, img } = await foldedScan(1, undefined, 7, undefined, BLACK);
    expect(Math.abs(sim.truth.scan.skewDeg)).toBeGreaterThan(1.5);
    const r = await recognizePage(img, card, { reader });
    expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
    expect(r.exceptions).toEqual([]);
  });

  it.each([
    [
      'the corner gone shows black over the bottom-left anchor; the flap over questions 31–40',
      { corner: 2, a: 110, b: 90 },
    ],
    [
      'black over the exam number, the first questions and the top-left anchor',
      { corner: 0, a: 150, b: 150 },
    ],
  ] as const)('%s: raised, never read as marks', async (_, fold) => {
    const { sim, img } = await foldedScan(0, fold, 5, undefined, BLACK);
    const r = await recognizePage(img, card, { reader });
    expect(r.registration).not.toBeNull();
    expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
    // whatever the black reaches is asked about (a bubble under black shows none of its print: raised as under a flap)
    for (const name of hiddenByFold(card.pages[0]!, fold, 'centre'))
      expect(
        r.exceptions.some((e) => e.region === name || (name.startsWith('考号#') && e.type === 'examNumber')),
        name,
      ).toBe(true);
  });
});

describe('brackets ([A]) printed instead of outlines', () => {
  const brackets: PrintStyle = { bubbleShape: 'brackets' };

  it('an unfolded page raises nothing', async () => {
    const { sim, img } = await foldedScan(0, undefined, 2, brackets);
    const r = await recognizePage(img, card, { reader });
    expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
    expect(r.exceptions).toEqual([]);
  });

  it('a folded one, placed by hand (three anchors and brackets leave it unproven), raises what the flap hides', async () => {
    const { sim, img, centres } = await foldedScan(0, { corner: 2, a: 110, b: 90 }, 2, brackets);
    const fixed = await recognizeWithMatrix(img, card, 0, sim.truth.transform, { reader });
    expectRaisedUnderFold(sim, fixed, centres);
  });
});

describe('measureField outline', () => {
  it('shows the printed outline along every ray, and paper where a flap lies over it', async () => {
    const page = card.pages[0]!;
    const answers = randomAnswers(page, createRng(9), 'typical', '20261130');
    const sim = await simulateSheet(card, 0, answers, { seed: 9, difficulty: 'clean', dpi: 200, feed: 0 });
    const img = await decodeGrey(sim.jpeg);
    const q = pageFields(page).objective.find((o) => o.field.name === '33')!.field;
    const seen = measureField(img, sim.truth.transform, q);
    // a closed outline: every ray crosses it
    for (const m of seen) expect(Math.min(...m.outline!)).toBeGreaterThan(0.3);
    // the same bubbles with paper laid over them, as a flap does
    const corners = q.bubbles.flatMap((b) => [
      applyH(sim.truth.transform, { x: b.rect.x, y: b.rect.y }),
      applyH(sim.truth.transform, { x: b.rect.x + b.rect.w, y: b.rect.y + b.rect.h }),
    ]);
    const x0 = Math.floor(Math.min(...corners.map((c) => c.x))) - 20;
    const x1 = Math.ceil(Math.max(...corners.map((c) => c.x))) + 20;
    const y0 = Math.floor(Math.min(...corners.map((c) => c.y))) - 20;
    const y1 = Math.ceil(Math.max(...corners.map((c) => c.y))) + 20;
    const around = [...img.data.subarray(y0 * img.width + x0, y0 * img.width + x1)].sort((a, b) => a - b);
    const paper = around[Math.floor(around.length * 0.9)]!;
    for (let y = y0; y < y1; y++) img.data.fill(paper, y * img.width + x0, y * img.width + x1);
    for (const m of measureField(img, sim.truth.transform, q))
      expect(Math.max(...m.outline!)).toBeLessThan(0.1);
  });
});
