import { beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRect } from '@yj/contracts';
import {
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type Difficulty,
  type SubjectiveInk,
} from '@yj/scan-sim';
import { measureInk, printedBackground } from './blank';
import { cutRegion } from './cut';
import type { Matrix3 } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey } from './node';

// 智能判空 against scans rendered by tools/scan-sim with known ink: the bar is no written answer called blank.

const card = typicalCard();
const front = card.pages[0]!;
const box = front.subjective.find((s) => s.question === '41')!;
const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
let template: GreyImage;

beforeAll(async () => {
  const r = await printedPage(front, card.id, card.name, front.dpi);
  template = cutRegion(r, IDENTITY, box.rect);
});

/** A registration error of (dx, dy) template px: what a slightly wrong matrix cuts. */
const shifted = (m: Matrix3, dx: number, dy: number): Matrix3 => {
  const k = m[0];
  return [m[0], m[1], m[2] + dx * k, m[3], m[4], m[5] + dy * m[4], m[6], m[7], m[8]];
};

async function scanned(
  seed: number,
  ink: SubjectiveInk,
  difficulty: Difficulty,
  o: { bitonal?: boolean; shift?: [number, number] } = {},
): Promise<GreyImage> {
  const a = randomAnswers(front, createRng(seed), difficulty, '20260001');
  const s = await simulateSheet(card, 0, a, {
    seed,
    difficulty,
    feed: 0,
    ink: { '41': ink },
    bitonal: o.bitonal,
  });
  const m = o.shift ? shifted(s.truth.transform, ...o.shift) : s.truth.transform;
  return cutRegion(await decodeGrey(s.jpeg), m, box.rect as TemplateRect);
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

  // the test set: 5 kinds of writing × 3 difficulties × 2 seeds, a 1-bit scan and a 2 px registration error;
  // blank answers on the same scans
  it('calls no written answer blank, and half the blank answers blank or more (template picture)', async () => {
    let written = 0;
    let falseBlank = 0;
    let blanks = 0;
    let found = 0;
    const bad: string[] = [];
    for (const difficulty of ['clean', 'typical', 'hard'] as const)
      for (const seed of [11, 12]) {
        for (const ink of WRITTEN) {
          const m = measureInk(await scanned(seed, ink, difficulty), template);
          written++;
          if (m.blank) {
            falseBlank++;
            bad.push(`${difficulty}/${seed}/${ink.kind}: ink ${m.ink} excess ${m.excess}`);
          }
        }
        const b = measureInk(await scanned(seed, { kind: 'blank' }, difficulty), template);
        blanks++;
        if (b.blank) found++;
      }
    for (const o of [{ bitonal: true }, { shift: [2, -2] as [number, number] }]) {
      for (const ink of WRITTEN) {
        const m = measureInk(await scanned(21, ink, 'typical', o), template);
        written++;
        if (m.blank) {
          falseBlank++;
          bad.push(`${JSON.stringify(o)}/${ink.kind}: ink ${m.ink}`);
        }
      }
      blanks++;
      if (measureInk(await scanned(21, { kind: 'blank' }, 'typical', o), template).blank) found++;
    }
    expect(bad).toEqual([]);
    expect(falseBlank).toBe(0);
    expect(written).toBe(40);
    // a blank answer with a stray pencil mark in it, or on a scan too grainy to see light pencil (hard scans),
    // is rightly left to a marker
    console.log(`智能判空: ${falseBlank}/${written} written called blank, ${found}/${blanks} blank found`);
    expect(found).toBeGreaterThanOrEqual(blanks / 2);
  }, 120_000);

  it('works against a background estimated from the block’s own cuts when the template has no picture', async () => {
    const cuts: GreyImage[] = [];
    const kinds: SubjectiveInk[] = [];
    for (let i = 0; i < 12; i++) {
      const ink: SubjectiveInk = i % 4 === 0 ? { kind: 'blank' } : WRITTEN[i % WRITTEN.length]!;
      kinds.push(ink);
      cuts.push(await scanned(100 + i, ink, 'typical'));
    }
    const bg = printedBackground(cuts);
    const calls = cuts.map((c) => measureInk(c, bg).blank);
    kinds.forEach((k, i) => {
      if (k.kind !== 'blank') expect(calls[i], `${i} ${k.kind}`).toBe(false);
    });
    expect(calls.filter((c, i) => c && kinds[i]!.kind === 'blank').length).toBeGreaterThanOrEqual(2);
    expect(() => printedBackground(cuts.slice(0, 4))).toThrow(/5 cuts/);
  }, 120_000);
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
