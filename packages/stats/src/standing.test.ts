import { describe, expect, it } from 'vitest';
import { rankBand, scoreLevel, standingOf } from './standing';

describe('standingOf', () => {
  it('average, highest and a competition rank (ties share the best)', () => {
    expect(standingOf([90, 100, 90, 80], 90)).toEqual({ avg: 90, max: 100, rank: 2, n: 4 });
    expect(standingOf([90, 100, 90, 80], 80)).toMatchObject({ rank: 4 });
    expect(standingOf([70, 80, 81], null)).toEqual({ avg: 77, max: 81, rank: null, n: 3 });
    expect(standingOf([], 5)).toEqual({ avg: null, max: null, rank: null, n: 0 });
  });
});

describe('rankBand', () => {
  it('bands by the share of the rank, at their edges', () => {
    expect(rankBand(1, 10)).toBe('前 10%');
    expect(rankBand(2, 10)).toBe('前 30%');
    expect(rankBand(3, 10)).toBe('前 30%');
    expect(rankBand(6, 10)).toBe('前 60%');
    expect(rankBand(7, 10)).toBe('后 40%');
    expect(rankBand(null, 10)).toBeNull();
  });
});

describe('scoreLevel', () => {
  it('A–E by the share of full marks', () => {
    expect(scoreLevel(135, 150)).toBe('A');
    expect(scoreLevel(134.5, 150)).toBe('B');
    expect(scoreLevel(60, 100)).toBe('D');
    expect(scoreLevel(59.5, 100)).toBe('E');
    expect(scoreLevel(null, 100)).toBeNull();
  });
});
