import { describe, expect, it } from 'vitest';
import { decideField, pageThresholds } from './decide';

// A page: mostly empty bubbles around 0.08, filled ones around 0.7.
const page = [
  ...Array.from({ length: 120 }, (_, i) => 0.06 + (i % 7) * 0.006),
  ...Array.from({ length: 30 }, (_, i) => 0.55 + (i % 10) * 0.03),
];

describe('page thresholds', () => {
  it('adapt to the largest gap between empty and filled bubbles', () => {
    const t = pageThresholds(page);
    expect(t.adaptive).toBe(true);
    expect(t.empty).toBeGreaterThan(0.1);
    expect(t.filled).toBeLessThan(0.55);
    expect(t.empty).toBeLessThan(t.filled);
  });

  it('fall back to fixed thresholds when nothing is filled', () => {
    const t = pageThresholds(Array.from({ length: 50 }, (_, i) => 0.05 + (i % 5) * 0.01));
    expect(t.adaptive).toBe(false);
  });
});

describe('field decisions', () => {
  const t = pageThresholds(page);
  it('reads one clear mark', () => {
    const r = decideField('1', ['A', 'B', 'C', 'D'], [0.07, 0.72, 0.08, 0.06], t, 'single');
    expect(r.value).toEqual(['B']);
    expect(r.confidence).toBeGreaterThan(0.3);
  });

  it('never decides a half-dark bubble: the field stays open', () => {
    const r = decideField('2', ['A', 'B', 'C', 'D'], [0.07, 0.33, 0.08, 0.06], t, 'single');
    expect(r.states[1]).toBe('uncertain');
    expect(r.value).toBeNull();
  });

  it('treats faint erasure residue beside a clear mark as empty', () => {
    const r = decideField('3', ['A', 'B', 'C', 'D'], [0.16, 0.75, 0.08, 0.06], t, 'single');
    expect(r.value).toEqual(['B']);
  });

  it('flags two clear marks on a single-choice question', () => {
    const r = decideField('4', ['A', 'B', 'C', 'D'], [0.7, 0.75, 0.08, 0.06], t, 'single');
    expect(r.value).toBeNull();
  });

  it('accepts several marks on a multiple-choice question and a blank answer', () => {
    expect(decideField('5', ['A', 'B', 'C', 'D'], [0.7, 0.08, 0.66, 0.06], t, 'multi').value).toEqual([
      'A',
      'C',
    ]);
    expect(decideField('6', ['A', 'B', 'C', 'D'], [0.07, 0.08, 0.06, 0.06], t, 'single').value).toEqual([]);
  });
});
