import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRng,
  generateSet,
  numberTableCard,
  randomAnswers,
  simulateSheet,
  type GeneratedSheet,
} from '@yj/scan-sim';
import type { Bubble } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import { multiplyH } from './geometry';
import type { GreyImage } from './image';
import { allFields, pageFields } from './layout';
import { card, markAfterScan, oneInTen, readSheet } from './marked-round.fixture';
import { decodeGrey, loadZxingReader } from './node';
import { recognizeWithMatrix } from './recognize';
import { marksRoundBubbles } from './rings';

// An option ringed (圈选) instead of filled: read by its fill alone the bubble was empty, and a typical page with
// one answer in ten ringed lost about four of them without an exception (bench:omr's `ringed` set).

const RINGED = '圈画';
/** The typical students' marks, one answer in ten ringed instead of filled (as bench:omr's `ringed` set). */
const kinds = oneInTen('circle');
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

const read = (s: GeneratedSheet, img?: GreyImage) => readSheet(reader, s, img);
const ringAfterScan = (img: GreyImage, s: GeneratedSheet, bubble: Bubble, seed?: number) =>
  markAfterScan(img, s, bubble, 'circle', seed);

const front = card.pages[0]!;
const field = (name: string) => allFields(pageFields(front)).find((f) => f.name === name)!;

describe('an option ringed instead of filled', () => {
  it('is raised, never read as empty, and nothing else is', async () => {
    let rings = 0;
    for (const i of [0, 2, 4]) {
      const s = await generateSet(card, i, { seed: 7, difficulty: 'typical', kinds });
      const { r, score } = await read(s);
      expect(score.silentErrors, s.name).toEqual([]);
      expect(score.needlessExceptions, s.name).toEqual([]);
      const ringed = new Set(s.truth.marks.filter((m) => m.kind === 'circle').map((m) => m.field));
      rings += ringed.size;
      for (const e of r.exceptions)
        if (ringed.has(e.region) && /^\d+$/.test(e.region)) expect(e.reason, e.region).toContain(RINGED);
    }
    // the pages carry what the test is about
    expect(rings).toBeGreaterThan(8);
  });

  it('raises a 多选 question whose filled answer has a ringed option beside it', async () => {
    const s = await generateSet(card, 0, { seed: 7, difficulty: 'typical' });
    const img = await decodeGrey(s.jpeg);
    // question 31 is a 多选 (A–E); ring an option its student left empty
    const q = field('31');
    const want = s.truth.answers.objective['31'] ?? [];
    const empty = q.bubbles.find((b) => !want.includes(b.label))!;
    ringAfterScan(img, s, empty);
    const { r, score } = await read(s, img);
    expect(score.silentErrors).toEqual([]);
    const raised = r.exceptions.find((e) => e.region === '31');
    expect(raised?.reason).toContain(RINGED);
  });

  it('leaves a filled answer with a ring round it read as marked', async () => {
    const s = await generateSet(card, 0, { seed: 7, difficulty: 'typical' });
    const img = await decodeGrey(s.jpeg);
    const before = await read(s, img);
    const q = field('3');
    const want = s.truth.answers.objective['3']!;
    expect(want).toHaveLength(1);
    ringAfterScan(
      img,
      s,
      q.bubbles.find((b) => b.label === want[0])!,
    );
    const { r } = await read(s, img);
    expect(r.objective.find((o) => o.question === '3')!.reading.value).toEqual(want);
    expect(r.exceptions).toEqual(before.r.exceptions);
  });

  // printAtPlaces takes a place's lightest quarter for its print (a table's line over every column's first digit);
  // rings on every bubble of a place must not become its print, and each be read as no ring
  it('is raised at every question where a student ringed the same option all down the page', async () => {
    const s = await generateSet(card, 0, { seed: 7, difficulty: 'typical' });
    const img = await decodeGrey(s.jpeg);
    const fours = allFields(pageFields(front)).filter((f) => /^\d+$/.test(f.name) && f.bubbles.length === 4);
    for (const [i, f] of fours.entries()) ringAfterScan(img, s, f.bubbles[0]!, 100 + i);
    const { r, score } = await read(s, img);
    expect(score.silentErrors).toEqual([]);
    const raised = new Set(r.exceptions.filter((e) => e.reason.includes(RINGED)).map((e) => e.region));
    const notA = fours.filter(
      (f) => !(s.truth.answers.objective[f.name] ?? []).includes(f.bubbles[0]!.label),
    );
    expect(notA.length).toBeGreaterThan(8);
    expect(notA.filter((f) => !raised.has(f.name)).map((f) => f.name)).toEqual([]);
  });

  // OMRChecker's sample6 prints its exam number as a ruled table of round bubbles a fifth of a bubble apart: the
  // rules over the first row, under the last and beside the outer columns lie inside the rays a tight grid leaves
  // seen. Read against the page's bubbles alone, a fit moved a pixel raised most columns as ringed (176 of 250 reads).
  it("is not seen in a tight exam-number table's rules, through a fit moved up to 1.5 px", async () => {
    const tight = numberTableCard();
    const raised: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answers = randomAnswers(tight.pages[0]!, createRng(100 + i), 'typical', `2026${1000 + i * 791}`);
      const sim = await simulateSheet(tight, 0, answers, {
        seed: 500 + i,
        difficulty: 'typical',
        print: { numberTable: true },
      });
      const img = await decodeGrey(sim.jpeg);
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [-1, 1],
        [0, -1.5],
        [1.5, 1.5],
        [-1.5, 0],
      ] as const) {
        const fit = multiplyH([1, 0, dx, 0, 1, dy, 0, 0, 1], sim.truth.transform);
        const r = await recognizeWithMatrix(img, tight, 0, fit, { reader });
        for (const e of r.exceptions)
          if (e.type === 'examNumber') raised.push(`${i} (${dx}, ${dy}) ${e.region}`);
      }
    }
    expect(raised).toEqual([]);
  });

  it('is not seen in stray marks, ticks, crosses or erased smudges', async () => {
    for (const i of [0, 2, 4, 6, 8, 10]) {
      const s = await generateSet(card, i, { seed: 3, difficulty: 'hard' });
      const img = await decodeGrey(s.jpeg);
      const page = card.pages.find((p) => p.index === s.truth.pageIndex)!;
      const found = marksRoundBubbles(img, s.truth.transform, allFields(pageFields(page)), new Set()).ringed;
      expect(
        [...found.keys()].map((f) => f.name),
        s.name,
      ).toEqual([]);
    }
  });
});
