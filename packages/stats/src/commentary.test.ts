import { describe, expect, it } from 'vitest';
import { largestLosses, typicalAnswers, wrongAnswers } from './commentary';

describe('wrongAnswers', () => {
  it('most chosen wrong answers first; the key and blanks left out; rate over everyone who answered', () => {
    // key B; 10 answered: B×4, A×3, C×2, blank×1 → A 3/10, C 2/10
    const given = [
      { answer: 'B', count: 4 },
      { answer: 'A', count: 3 },
      { answer: 'C', count: 2 },
      { answer: '', count: 1 },
    ];
    expect(wrongAnswers(given, 'B')).toEqual([
      { answer: 'A', count: 3, rate: 0.3 },
      { answer: 'C', count: 2, rate: 0.2 },
    ]);
  });
  it('多选: letters in any order are one choice; a partial choice is wrong; ties by answer; top N', () => {
    // key AC; 'CA' is the key; A×2 and BD×2 tie (A first), then D×1 cut by top 2
    const given = [
      { answer: 'CA', count: 5 },
      { answer: 'BD', count: 2 },
      { answer: 'A', count: 2 },
      { answer: 'D', count: 1 },
    ];
    expect(wrongAnswers(given, 'AC', 2)).toEqual([
      { answer: 'A', count: 2, rate: 0.2 },
      { answer: 'BD', count: 2, rate: 0.2 },
    ]);
  });
  it('nobody answered, or everyone right: none', () => {
    expect(wrongAnswers([], 'A')).toEqual([]);
    expect(wrongAnswers([{ answer: 'A', count: 3 }], 'A')).toEqual([]);
  });
});

describe('largestLosses', () => {
  it('full − score, most first, equal losses in list order; absent and full marks never listed', () => {
    // full 10: [10, 4, null, 7, 4, 0] → lost 6 (1), 3 (3), 6 (4), 10 (5)
    expect(largestLosses([10, 4, null, 7, 4, 0], 10)).toEqual([
      { index: 5, lost: 10 },
      { index: 1, lost: 6 },
      { index: 4, lost: 6 },
      { index: 3, lost: 3 },
    ]);
    expect(largestLosses([10, 4, null, 7, 4, 0], 10, 2)).toEqual([
      { index: 5, lost: 10 },
      { index: 1, lost: 6 },
    ]);
    expect(largestLosses([5, 5], 5)).toEqual([]);
  });
});

describe('typicalAnswers', () => {
  it('highest and lowest score, the first on ties', () => {
    expect(typicalAnswers([3, null, 8, 1, 8, 1])).toEqual({ high: 2, low: 3 });
  });
  it('one score for all: only high; no scores: neither', () => {
    expect(typicalAnswers([4, 4, null])).toEqual({ high: 0, low: null });
    expect(typicalAnswers([null, null])).toEqual({ high: null, low: null });
    expect(typicalAnswers([])).toEqual({ high: null, low: null });
  });
});
