import { describe, expect, it } from 'vitest';
import {
  fnv1a,
  mulberry32,
  optionLetters,
  questionOrder,
  shuffled,
  shuffleWith,
  sittingKey,
  studentPaper,
} from './shuffle';

// Expected values computed apart from this code: FNV-1a's published vectors, mulberry32's known first output for
// seed 1, a Fisher–Yates worked by hand, and the orders from a separate implementation of the same definitions.
describe('the seeded order', () => {
  it('hashes as FNV-1a 32 and draws as mulberry32', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('7:12')).toBe(0x055ebd07);
    const next = mulberry32(1);
    expect(next()).toBeCloseTo(0.6270739405881613, 15);
    expect(next()).toBeCloseTo(0.002735721180215478, 15);
    expect(next()).toBeCloseTo(0.5274470399599522, 15);
  });

  it('shuffles Fisher–Yates from the last place down', () => {
    // i = 3: ⌊0.9·4⌋ = 3 stays; i = 2: ⌊0.1·3⌋ = 0 swaps A and C; i = 1: ⌊0.5·2⌋ = 1 stays
    const draws = [0.9, 0.1, 0.5];
    const input = ['A', 'B', 'C', 'D'];
    expect(shuffleWith(input, () => draws.shift()!)).toEqual(['C', 'B', 'A', 'D']);
    expect(input).toEqual(['A', 'B', 'C', 'D']);
  });

  it('gives each key its own order, the same every time', () => {
    expect(shuffled(['A', 'B', 'C', 'D'], '7:12:o1')).toEqual(['A', 'D', 'C', 'B']);
    expect(shuffled(['A', 'B', 'C', 'D'], '7:12:o3')).toEqual(['D', 'C', 'B', 'A']);
    expect(shuffled(['A', 'B', 'C', 'D'], '7:13:o1')).toEqual(['A', 'B', 'C', 'D']);
    expect(shuffled(['A', 'B', 'C', 'D'], '7:12:o1')).toEqual(['A', 'D', 'C', 'B']);
  });
});

const PAPER = [
  { no: '1', kind: 'single', options: 4 },
  { no: '2', kind: 'single', options: 4 },
  { no: '3', kind: 'multi', options: 4 },
  { no: '4', kind: 'trueFalse', options: 2 },
  { no: '5', kind: 'single', options: 4 },
  { no: '21', kind: 'subjective', options: 0 },
  { no: '22', kind: 'subjective', options: 0 },
];

describe("a student's paper", () => {
  it('orders questions within the objective run and within the written run', () => {
    const key = sittingKey(7, 12);
    expect(questionOrder(PAPER, key).map((q) => q.no)).toEqual(['5', '1', '4', '2', '3', '21', '22']);
    expect(questionOrder(PAPER, sittingKey(7, 13)).map((q) => q.no)).toEqual([
      '1',
      '3',
      '2',
      '5',
      '4',
      '22',
      '21',
    ]);
  });

  it("keeps 判断's order and shuffles choices only when set", () => {
    const key = sittingKey(7, 12);
    expect(optionLetters(PAPER[0]!, key, true)).toEqual(['A', 'D', 'C', 'B']);
    expect(optionLetters(PAPER[2]!, key, true)).toEqual(['D', 'C', 'B', 'A']);
    expect(optionLetters(PAPER[3]!, key, true)).toEqual(['A', 'B']);
    expect(optionLetters(PAPER[5]!, key, true)).toEqual([]);
    expect(optionLetters(PAPER[0]!, key, false)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('is the structure unchanged with both settings off', () => {
    const paper = studentPaper(PAPER, sittingKey(7, 12), { questions: false, options: false });
    expect(paper.map((q) => q.no)).toEqual(PAPER.map((q) => q.no));
    expect(paper[0]!.letters).toEqual(['A', 'B', 'C', 'D']);
  });

  it('puts both together', () => {
    const paper = studentPaper(PAPER, sittingKey(7, 12), { questions: true, options: true });
    expect(paper.map((q) => [q.no, q.letters.join('')])).toEqual([
      ['5', 'DBAC'],
      ['1', 'ADCB'],
      ['4', 'AB'],
      ['2', 'CADB'],
      ['3', 'DCBA'],
      ['21', ''],
      ['22', ''],
    ]);
  });
});
