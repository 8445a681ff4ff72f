import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type SubjectiveInk,
} from '@yj/scan-sim';
import {
  answerSignature,
  GROUP_THRESHOLD,
  groupAnswers,
  isShortAnswer,
  signatureDistance,
  SIDE,
  type AnswerSignature,
} from './answer-group';
import { cutRegion } from './cut';
import type { Matrix3 } from './geometry';
import type { GreyImage } from './image';
import { decodeGrey } from './node';

// 相同答案归组 on scan-sim fill-in answers: the same text written on different sheets (jitter, scan noise,
// other difficulties) falls in one group, different texts and free writing do not.

const card = typicalCard();
const front = card.pages[0]!;
const box = front.subjective.find((s) => s.question === '41')!;
const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
let template: GreyImage;

beforeAll(async () => {
  template = cutRegion(await printedPage(front, card.id, card.name, front.dpi), IDENTITY, box.rect);
});

async function sig(seed: number, ink: SubjectiveInk, difficulty: 'clean' | 'typical' = 'typical') {
  const a = randomAnswers(front, createRng(seed), difficulty, '20260001');
  const s = await simulateSheet(card, 0, a, { seed, difficulty, feed: 0, ink: { '41': ink } });
  return answerSignature(cutRegion(await decodeGrey(s.jpeg), s.truth.transform, box.rect), template);
}

describe('answer signatures', () => {
  it('are empty for a blank region and scale-free for a drawn shape', () => {
    const blank = { width: 40, height: 40, data: new Uint8Array(1600).fill(240) };
    expect(answerSignature(blank, blank).ink).toBe(0);
    // the same L drawn small and large: the same grid
    const draw = (size: number): GreyImage => {
      const img = { width: 40, height: 40, data: new Uint8Array(1600).fill(240) };
      for (let i = 0; i < size; i++) {
        img.data[(5 + i) * 40 + 5] = 20;
        img.data[(5 + size - 1) * 40 + 5 + i] = 20;
      }
      return img;
    };
    const a = answerSignature(draw(16), blank);
    const b = answerSignature(draw(32), blank);
    expect(a.grid.length).toBe(SIDE * SIDE);
    expect(a.aspect).toBe(1);
    // same shape at twice the size: alike (well under the threshold), unlike a bar
    const bar = { width: 40, height: 40, data: new Uint8Array(1600).fill(240) };
    for (let i = 0; i < 30; i++) bar.data[20 * 40 + 5 + i] = bar.data[21 * 40 + 5 + i] = 20;
    expect(signatureDistance(a, b)).toBeLessThan(GROUP_THRESHOLD / 2);
    expect(signatureDistance(a, answerSignature(bar, blank))).toBeGreaterThan(GROUP_THRESHOLD * 2);
    expect(signatureDistance(a, answerSignature(blank, blank))).toBe(Infinity);
  });
});

describe('groupAnswers', () => {
  it('puts the same short answer together and keeps different ones apart', async () => {
    const plan: Array<[string, SubjectiveInk]> = [
      ['3', { kind: 'answer', text: '3' }],
      ['x=2', { kind: 'answer', text: 'x=2' }],
      ['3', { kind: 'answer', text: '3' }],
      ['7', { kind: 'answer', text: '7' }],
      ['x=2', { kind: 'answer', text: 'x=2' }],
      ['3', { kind: 'answer', text: '3' }],
      ['7', { kind: 'answer', text: '7' }],
      ['full-a', { kind: 'full' }],
      ['3', { kind: 'answer', text: '3' }],
      ['blank', { kind: 'blank' }],
      ['full-b', { kind: 'full' }],
      ['x=2', { kind: 'answer', text: 'x=2' }],
    ];
    const sigs: AnswerSignature[] = [];
    for (const [i, [, ink]] of plan.entries())
      sigs.push(await sig(300 + i, ink, i % 3 ? 'typical' : 'clean'));
    const groups = groupAnswers(sigs).map((g) => g.map((i) => plan[i]![0]));
    // each group holds one text, each text one group; the free writing and the blank are left out
    expect(groups).toEqual([
      ['3', '3', '3', '3'],
      ['x=2', 'x=2', 'x=2'],
      ['7', '7'],
    ]);
    // the margin: the largest distance inside a group against the smallest across groups
    const label = (i: number) => plan[i]![0];
    let inside = 0;
    let across = Infinity;
    for (let i = 0; i < sigs.length; i++)
      for (let j = i + 1; j < sigs.length; j++) {
        if (label(i) === 'blank' || label(j) === 'blank') continue;
        const d = signatureDistance(sigs[i]!, sigs[j]!);
        if (label(i) === label(j)) inside = Math.max(inside, d);
        else across = Math.min(across, d);
      }
    console.log(
      `归组: largest distance inside a group ${inside.toFixed(3)}, smallest across ${across.toFixed(3)}`,
    );
    expect(inside).toBeLessThan(across);
  }, 120_000);

  it('leaves long written answers ungrouped: lines of writing and one long line alike (issue 29)', async () => {
    // the 44 papers: 15 × "3", 7 × "5", the rest long answers — which grouping put in groups of 8, 3
    // and 2 before, one of which was scored at once
    const plan: Array<[string, SubjectiveInk]> = [];
    for (let i = 0; i < 6; i++) plan.push(['3', { kind: 'answer', text: '3' }]);
    for (let i = 0; i < 4; i++) plan.push(['5', { kind: 'answer', text: '5' }]);
    for (let i = 0; i < 10; i++) plan.push([`full-${i}`, { kind: 'full' }]);
    for (let i = 0; i < 3; i++) plan.push([`faint-${i}`, { kind: 'faint' }]);
    // one line, but a sentence: written the same on three sheets and still not grouped (too long to trust)
    for (let i = 0; i < 3; i++) plan.push(['long', { kind: 'answer', text: '因为两角相等所以两直线平行' }]);
    const sigs: AnswerSignature[] = [];
    for (const [i, [, ink]] of plan.entries())
      sigs.push(await sig(500 + i, ink, i % 2 ? 'typical' : 'clean'));
    const labels = plan.map((x) => x[0]);
    const short = sigs.map((x, i) => [labels[i], isShortAnswer(x)]);
    // lines of handwriting and a long line are never short; a faint answer may show as a fragment of ink the
    // size of a character (the rest below the ink mask's contrast): it is grouped only with an answer like it
    // — none here — and the marker sees every member's whole cut before a group is scored
    expect(short.filter(([l, s]) => s && !String(l).startsWith('faint')).map(([l]) => l)).toEqual(
      labels.slice(0, 10),
    );
    // groups of two or more (what the server keeps): the two short answers, nothing of the long ones
    const groups = groupAnswers(sigs)
      .filter((g) => g.length >= 2)
      .map((g) => g.map((i) => labels[i]));
    expect(groups).toEqual([
      ['3', '3', '3', '3', '3', '3'],
      ['5', '5', '5', '5'],
    ]);
    const lines = sigs.slice(10, 20).map((x) => x.lines);
    console.log(
      `归组: lines of the written answers ${lines.join(' ')}; aspect of the long line ${sigs[23]!.aspect.toFixed(1)}`,
    );
  }, 180_000);
});
