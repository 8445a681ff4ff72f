import { beforeAll, describe, expect, it } from 'vitest';
import type { CardTemplate, TemplateRect } from '@yj/contracts';
import {
  boxesCard,
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  type Difficulty,
  type DogEar,
  type SubjectiveInk,
} from '@yj/scan-sim';
import { measureInk, printedBackground } from './blank';
import { cutRegion } from './cut';
import type { Matrix3 } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey } from './node';

// 智能判空 against scans rendered by tools/scan-sim with known ink: the bar is no written answer called blank.
// The sheets are the simulator's small card of answer boxes of the typical card's size: one scan holds every
// kind of writing and blank answers at once, so each scanning condition costs one sheet of 0.7 of an A3 page
// instead of six A3 sheets (the file took 43 s on an idle machine and over 120 s on a loaded one when every
// answer was a scan of its own).

// Eight boxes: the five kinds of writing and three blank answers on every sheet.
const card = boxesCard(8);
const front = card.pages[0]!;
const QUESTIONS = front.subjective.map((s) => s.question);
const boxOf = (q: string, page = front) =>
  page.subjective.find((s) => s.question === q)!.rect as TemplateRect;
const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
/** The printed blank of each box: the template picture. */
const templates = new Map<string, GreyImage>();

beforeAll(async () => {
  const r = await printedPage(front, card.id, card.name, front.dpi);
  for (const q of QUESTIONS) templates.set(q, cutRegion(r, IDENTITY, boxOf(q)));
});

/** A registration error of (dx, dy) template px: what a slightly wrong matrix cuts. */
const shifted = (m: Matrix3, dx: number, dy: number): Matrix3 => {
  const k = m[0];
  return [m[0], m[1], m[2] + dx * k, m[3], m[4], m[5] + dy * m[4], m[6], m[7], m[8]];
};

/** One scanned sheet of `c` with `ink` written in the boxes it names: the cut of each of those boxes. */
async function scanned(
  seed: number,
  ink: Record<string, SubjectiveInk>,
  difficulty: Difficulty,
  o: { bitonal?: boolean; shift?: [number, number]; card?: CardTemplate; fold?: DogEar } = {},
): Promise<Map<string, GreyImage>> {
  const c = o.card ?? card;
  const page = c.pages[0]!;
  const a = randomAnswers(page, createRng(seed), difficulty, '20260001');
  const s = await simulateSheet(c, 0, a, {
    seed,
    difficulty,
    feed: 0,
    ink,
    bitonal: o.bitonal,
    ...(o.fold ? { fold: o.fold } : {}),
  });
  const m = o.shift ? shifted(s.truth.transform, ...o.shift) : s.truth.transform;
  const img = await decodeGrey(s.jpeg);
  return new Map(Object.keys(ink).map((q) => [q, cutRegion(img, m, boxOf(q, page))]));
}

const WRITTEN: SubjectiveInk[] = [
  { kind: 'strokes' },
  { kind: 'full' },
  { kind: 'faint' },
  { kind: 'answer', text: '3' },
  { kind: 'answer', text: 'x=2' },
];

describe('measureInk', () => {
  it('calls the printed blank region itself blank, and refuses regions of another size', () => {
    const template = templates.get('41')!;
    expect(measureInk(template, template)).toMatchObject({ ink: 0, blank: true });
    const half = { width: 10, height: 10, data: new Uint8Array(100).fill(255) };
    expect(() => measureInk(half, template)).toThrow(/differ/);
  });

  it('counts a hand-drawn mark of known size and forgives print within the slack', () => {
    const w = 60;
    const h = 40;
    const paper = () => new Uint8Array(w * h).fill(240);
    const blank = { width: w, height: h, data: paper() };
    // a printed line at row 10
    for (let x = 0; x < w; x++) blank.data[10 * w + x] = 30;
    const cut = { width: w, height: h, data: paper() };
    // the same line printed one row lower (registration error) and a 5×5 ink blot
    for (let x = 0; x < w; x++) cut.data[11 * w + x] = 30;
    for (let y = 25; y < 30; y++) for (let x = 20; x < 25; x++) cut.data[y * w + x] = 60;
    const m = measureInk(cut, blank, { maxInk: 20 });
    expect(m.noise).toBe(0);
    expect(m.ink).toBe(25);
    expect(m.marks).toBe(1);
    expect(m.blank).toBe(false);
    // the blot alone is under a larger maxInk, but its dark mass (25 px × 180 / 255 / 2400 = 0.00735) is not
    expect(measureInk(cut, blank, { maxInk: 30 }).excess).toBeCloseTo(0.00735, 4);
    expect(measureInk(cut, blank, { maxInk: 30 }).blank).toBe(false);
    expect(measureInk(cut, blank, { maxInk: 30, maxExcess: 0.01 }).blank).toBe(true);
  });

  // the test set: 5 kinds of writing and a blank answer on each sheet × 3 difficulties × 2 seeds, a 1-bit scan
  // and a 2 px registration error; each kind in another box from sheet to sheet
  it('calls no written answer blank, and half the blank answers blank or more (template picture)', async () => {
    const kinds: SubjectiveInk[] = [...WRITTEN, { kind: 'blank' }, { kind: 'blank' }, { kind: 'blank' }];
    const sheets: {
      seed: number;
      difficulty: Difficulty;
      o?: { bitonal?: boolean; shift?: [number, number] };
    }[] = [
      ...(['clean', 'typical', 'hard'] as const).flatMap((difficulty) =>
        [11, 12].map((seed) => ({ seed, difficulty })),
      ),
      { seed: 21, difficulty: 'typical', o: { bitonal: true } },
      { seed: 21, difficulty: 'typical', o: { shift: [2, -2] } },
    ];
    let written = 0;
    let falseBlank = 0;
    let mostCovered = 0;
    let blanks = 0;
    let found = 0;
    const bad: string[] = [];
    for (const [turn, { seed, difficulty, o }] of sheets.entries()) {
      const ink = Object.fromEntries(QUESTIONS.map((q, i) => [q, kinds[(i + turn) % kinds.length]!]));
      const cuts = await scanned(seed, ink, difficulty, o);
      for (const q of QUESTIONS) {
        const m = measureInk(cuts.get(q)!, templates.get(q)!);
        mostCovered = Math.max(mostCovered, m.covered);
        if (ink[q]!.kind === 'blank') {
          blanks++;
          if (m.blank) found++;
          continue;
        }
        written++;
        if (m.blank) {
          falseBlank++;
          bad.push(
            `${difficulty}/${seed}/${JSON.stringify(o ?? {})}/${ink[q]!.kind}: ink ${m.ink} excess ${m.excess}`,
          );
        }
      }
    }
    expect(bad).toEqual([]);
    expect(falseBlank).toBe(0);
    expect(written).toBe(40);
    expect(blanks).toBe(24);
    // a blank answer with a stray pencil mark in it, or on a scan too grainy to see light pencil (hard scans),
    // is rightly left to a marker
    console.log(
      `智能判空: ${falseBlank}/${written} written called blank, ${found}/${blanks} blank found, print lost ≤ ${mostCovered}`,
    );
    expect(found).toBeGreaterThanOrEqual(blanks / 2);
  });

  it('works against a background estimated from the block’s own cuts when the template has no picture', async () => {
    // one block across twelve papers: a card of four boxes is enough (box 41 is where it is on the larger one)
    const small = boxesCard(4);
    const cuts: GreyImage[] = [];
    const kinds: SubjectiveInk[] = [];
    for (let i = 0; i < 12; i++) {
      const ink: SubjectiveInk = i % 4 === 0 ? { kind: 'blank' } : WRITTEN[i % WRITTEN.length]!;
      kinds.push(ink);
      cuts.push((await scanned(100 + i, { '41': ink }, 'typical', { card: small })).get('41')!);
    }
    const bg = printedBackground(cuts);
    const calls = cuts.map((c) => measureInk(c, bg).blank);
    kinds.forEach((k, i) => {
      if (k.kind !== 'blank') expect(calls[i], `${i} ${k.kind}`).toBe(false);
    });
    expect(calls.filter((c, i) => c && kinds[i]!.kind === 'blank').length).toBeGreaterThanOrEqual(2);
    expect(() => printedBackground(cuts.slice(0, 4))).toThrow(/5 cuts/);
  });
});

describe('measureInk under a folded corner', () => {
  // A corner folded over before scanning lays its blank back over the answer box: the scan is paper there, whatever
  // was written. Before the print check a box the flap reached read as blank (nothing shows), and 智能判空 offered
  // it for a 0. A 42 mm fold reaches 15 × 16 mm of box 48's corner; its crease stays outside the box.
  const fold: DogEar = { corner: 3, a: 42, b: 42 };
  const under = '48';
  const away = '41';
  const blankInk = { kind: 'blank' } as const;

  it('a box the flap reaches is not blank: part of its print is missing', async () => {
    const cuts = await scanned(31, { [under]: blankInk }, 'typical', { fold });
    const hidden = measureInk(cuts.get(under)!, templates.get(under)!);
    // what shows of the box is paper: the ink test alone calls it blank
    expect(hidden.ink).toBeLessThan(24);
    expect(hidden.covered).toBeGreaterThan(0.015);
    expect(hidden.blank).toBe(false);
    // the rest of the sheet is judged as before
    const clear = measureInk(
      (await scanned(31, { [away]: blankInk }, 'typical', { fold })).get(away)!,
      templates.get(away)!,
    );
    expect(clear.covered).toBeLessThan(0.005);
    expect(clear.blank).toBe(true);
  });

  it('the same against the background estimated from the block’s cuts', async () => {
    const cuts: GreyImage[] = [];
    for (let i = 0; i < 6; i++)
      cuts.push((await scanned(40 + i, { [under]: blankInk }, 'typical')).get(under)!);
    const folded = (await scanned(46, { [under]: blankInk }, 'typical', { fold })).get(under)!;
    const bg = printedBackground([...cuts, folded]);
    for (const c of cuts) expect(measureInk(c, bg).covered).toBeLessThan(0.005);
    const m = measureInk(folded, bg);
    expect(m.covered).toBeGreaterThan(0.015);
    expect(m.blank).toBe(false);
  });
});

describe('printedBackground', () => {
  it('keeps what at least the share of papers have, and drops what few have', () => {
    const img = (v: number[]) => ({ width: 3, height: 1, data: Uint8Array.from(v) });
    // pixel 0 printed on all five, pixel 1 written on one, pixel 2 written on four of five
    const cuts = [
      img([20, 250, 30]),
      img([22, 40, 30]),
      img([25, 250, 30]),
      img([21, 250, 30]),
      img([23, 250, 250]),
    ];
    // share 0.8 of 5: the 4th darkest value
    expect([...printedBackground(cuts).data]).toEqual([23, 250, 30]);
  });
});
