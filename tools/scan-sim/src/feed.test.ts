import { describe, expect, it } from 'vitest';
import { scannerFeed } from './feed';

const pile: [string, string][] = [
  ['A1', 'A2'],
  ['B1', 'B2'],
  ['C1', 'C2'],
  ['D1', 'D2'],
];

describe('scannerFeed', () => {
  it('sends front then back of every sheet when nothing goes wrong', () => {
    expect(scannerFeed(pile)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D1', 'D2']);
  });
  it('sends the fronts only on a one-sided scan', () => {
    expect(scannerFeed(pile, { simplex: true })).toEqual(['A1', 'B1', 'C1', 'D1']);
  });
  it('sends the outer sides of two sheets pulled through together', () => {
    expect(scannerFeed(pile, { doubleFed: [1] })).toEqual(['A1', 'A2', 'B1', 'C2', 'D1', 'D2']);
  });
  it('sends a sheet lying the other way round back first', () => {
    expect(scannerFeed(pile, { flipped: [2] })).toEqual(['A1', 'A2', 'B1', 'B2', 'C2', 'C1', 'D1', 'D2']);
    expect(scannerFeed(pile, { doubleFed: [0], flipped: [1] })).toEqual(['A1', 'B1', 'C1', 'C2', 'D1', 'D2']);
  });
});
