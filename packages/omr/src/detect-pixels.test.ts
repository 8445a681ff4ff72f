import { describe, expect, it } from 'vitest';
import { isBitonal } from './detect-pixels';

// isBitonal reads every 97th pixel and stops at the first grey past 3 % of them: the answer must be the one
// counting every sample gives, wherever on the page the greys lie.
describe('isBitonal', () => {
  /** 1,000 samples (one pixel in 97): `black` pure black, `grey` mid-grey, the rest pure white; greys first or last. */
  function page(black: number, grey: number, greysFirst: boolean) {
    const data = new Uint8Array(97_000).fill(255);
    const values = [...Array<number>(grey).fill(128), ...Array<number>(black).fill(0)];
    const at = greysFirst ? (k: number) => k : (k: number) => 999 - k;
    values.forEach((v, k) => (data[97 * at(k)] = v));
    return { width: 1000, height: 97, data };
  }

  it('is 1-bit with 3 % of its samples grey and its print black, and not with one grey more', () => {
    for (const first of [true, false]) {
      expect(isBitonal(page(120, 30, first))).toBe(true);
      expect(isBitonal(page(124, 31, first))).toBe(false);
    }
  });

  it('is not 1-bit when its dark samples are mostly grey, however few', () => {
    for (const first of [true, false]) expect(isBitonal(page(10, 20, first))).toBe(false);
  });
});
