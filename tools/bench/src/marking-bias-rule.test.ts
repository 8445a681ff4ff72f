import { describe, expect, it } from 'vitest';
import { compareBias, replayBias, type Piece, type StoredFlag } from './marking-bias-rule';

const S = { step: 1, n: 3, window: 200, cacheFrom: 200, ttlMs: 30_000, minMarks: 20 };
const BIASED = 1;
const FLAG = '评分一贯偏高：最近 5 份有参照的评分（标准卷、双评、抽查）平均高 3 分';

/**
 * A block's evidence, one piece a second: honest pairs between markers 10…13 (±1 and 0: others' spread 0.8165),
 * and the biased marker's pieces `mine` (differences against partners 20, 21, 22 … in turn) after each.
 */
function block(mine: number[]): Piece[] {
  const out: Piece[] = [];
  let id = 0;
  const piece = (userId: number, d: number, partner: number) =>
    out.push({ id: ++id, userId, d, partner, at: id * 1000 });
  for (let i = 0; i < 6; i++) {
    piece(10 + (i % 4), [1, -1, 0][i % 3]!, 99);
  }
  mine.forEach((d, i) => {
    piece(BIASED, d, 20 + (i % 3));
    piece(10 + (i % 4), [1, -1, 0][i % 3]!, 99);
  });
  return out;
}

const flag = (atEvidence: number, reasons = [FLAG], atDone = atEvidence): StoredFlag => ({
  reasons,
  atDone,
  atEvidence,
  flaggedAt: 0,
});

describe('the server against its bias rule on the evidence it stored (bench:marking)', () => {
  it('+3 on every pair: the rule holds on the 5th piece (N + 2 against markers); flagged there → PASS', () => {
    const steps = replayBias(block([3, 3, 3, 3, 3, 3]), BIASED, S);
    expect(steps.map((s) => s.possible?.t ?? null)).toEqual([null, null, null, null, 5, 5]);
    expect(steps[4]!.sure).toMatchObject({ direction: 'high', n: 5, mean: 3 });
    const v = compareBias(steps, flag(5), S);
    expect(v).toMatchObject({ pass: true, ruleSure: 5, rulePossible: 5, productAt: 5 });
    expect(v.detail).toContain('flagged for a bias on 5 pieces');
  });

  it('a piece level with its reference breaks every window: not flagged → PASS', () => {
    const steps = replayBias(block([3, 3, 0, 3, 3, 3, 3]), BIASED, S);
    expect(steps.some((s) => s.possible)).toBe(false);
    expect(compareBias(steps, null, S)).toMatchObject({ pass: true, ruleSure: null, productAt: null });
  });

  it('the rule holds and the server never flagged → FAIL, saying on which pieces', () => {
    const steps = replayBias(block([3, 3, 3, 3, 3, 3]), BIASED, S);
    const v = compareBias(steps, null, S);
    expect(v.pass).toBe(false);
    expect(v.detail).toContain('held on their first 5 pieces');
  });

  it('flagged later than the rule said → FAIL; flagged for a bias where the rule does not hold → FAIL', () => {
    const late = compareBias(replayBias(block([3, 3, 3, 3, 3, 3, 3, 3]), BIASED, S), flag(8), S);
    expect(late).toMatchObject({ pass: false, ruleSure: 5, productAt: 8 });
    expect(late.detail).toMatch(/^late/);
    const early = compareBias(replayBias(block([3, 3, 3, 3, 3, 3]), BIASED, S), flag(3), S);
    expect(early.pass).toBe(false);
    expect(early.detail).toContain('where the rule does not hold');
    const never = compareBias(replayBias(block([3, 3, 0, 3, 3, 3, 3]), BIASED, S), flag(7), S);
    expect(never.pass).toBe(false);
  });

  it('one piece more than the rule needed is the server’s check reading a pair completed meanwhile (≤ 1 s apart)', () => {
    const pieces = block([3, 3, 3, 3, 3, 3]);
    // the biased marker's 6th piece half a second after their 5th
    const mine = pieces.filter((p) => p.userId === BIASED);
    mine[5]!.at = mine[4]!.at + 500;
    expect(compareBias(replayBias(pieces, BIASED, S), flag(6), S).pass).toBe(true);
    // a second apart and more: late
    expect(compareBias(replayBias(block([3, 3, 3, 3, 3, 3]), BIASED, S), flag(6), S).pass).toBe(false);
  });

  it('a flag for other figures (from minMarks papers) before the rule held → PASS, the bias after it not compared', () => {
    const other = ['平均分比题块高 1.6 个标准差，超过 1'];
    const steps = replayBias(block([3, 3, 0, 3, 3, 3, 3]), BIASED, S);
    const v = compareBias(steps, flag(6, other, 24), S);
    expect(v.pass).toBe(true);
    expect(v.detail).toContain('for other figures');
    // the same flag after the rule held on 5: the check after a pair should have flagged first
    expect(compareBias(replayBias(block([3, 3, 3, 3, 3, 3]), BIASED, S), flag(6, other, 24), S).pass).toBe(
      false,
    );
  });

  it('the others’ spread bounds the verdict: others ±2 (spread 1.63, limit 2.19), +2 on every pair never holds', () => {
    // limit 3 · 1.63 / √5 = 2.19 > a mean of 2; a flag there is the server's alone
    const pieces = block([2, 2, 2, 2, 2, 2]).map((p) => (p.userId === BIASED ? p : { ...p, d: p.d * 2 }));
    const steps = replayBias(pieces, BIASED, S);
    expect(steps.some((s) => s.possible)).toBe(false);
    expect(compareBias(steps, null, S).pass).toBe(true);
    expect(compareBias(steps, flag(5), S).pass).toBe(false);
  });

  it('sums the check after a pair kept (up to 30 s, from cacheFrom pieces on) widen the spread: either verdict passes', () => {
    // the others agree exactly at first (spread 0), then differ by ±3 (spread 1.81 by the 5th piece: limit 2.43)
    const pieces = block([2, 2, 2, 2, 2, 2]).map((p) =>
      p.userId === BIASED ? p : { ...p, d: p.id <= 6 ? 0 : p.d * 3 },
    );
    expect(replayBias(pieces, BIASED, S).some((s) => s.possible)).toBe(false);
    // kept from the 2nd piece on: the spread of 0 read 9 s before the 5th piece may be the one judged with
    const steps = replayBias(pieces, BIASED, { ...S, cacheFrom: 2 });
    expect(steps[4]).toMatchObject({ noise: [0, 1.8091], sure: null, possible: { t: 5, mean: 2 } });
    expect(compareBias(steps, null, S).pass).toBe(true);
    const v = compareBias(steps, flag(5), S);
    expect(v.pass).toBe(true);
    expect(v.detail).toContain('first may have held on 5 pieces');
  });
});
