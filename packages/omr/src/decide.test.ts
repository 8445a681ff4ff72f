import { describe, expect, it } from 'vitest';
import { calibrateToSheet } from './calibrate';
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

describe('a sheet in light pencil (issue 28)', () => {
  // Paper near 0.07, every mark a mid grey near 0.3, some answers erased and marked again: a smudge near
  // 0.14 beside the real mark. The page thresholds alone call every mark unclear.
  const grey = (i: number) => 0.27 + (i % 5) * 0.015;
  const fields: number[][] = Array.from({ length: 30 }, (_, i) => {
    const f = [0.06, 0.07, 0.08, 0.07];
    f[i % 4] = grey(i);
    if (i % 3 === 0) f[(i + 1) % 4] = 0.14;
    return f;
  });
  const flat = fields.flat();
  const t = calibrateToSheet(pageThresholds(flat), fields);

  it('raises every answer under the page thresholds alone', () => {
    const plain = pageThresholds(flat);
    expect(
      fields.filter((f) => decideField('q', ['A', 'B', 'C', 'D'], f, plain, 'single').value === null),
    ).toHaveLength(30);
  });

  it('reads each question by the sheet’s own marks, the smudge beside a mark left out', () => {
    expect(t.markLevel).toBeGreaterThan(0.25);
    for (const [i, f] of fields.entries())
      expect(decideField(`${i}`, ['A', 'B', 'C', 'D'], f, t, 'single').value).toEqual([
        ['A', 'B', 'C', 'D'][i % 4],
      ]);
  });

  it('reads two real marks of a 多选 but never the smudge beside them', () => {
    const r = decideField('m', ['A', 'B', 'C', 'D', 'E'], [0.29, 0.14, 0.31, 0.07, 0.06], t, 'multi');
    expect(r.value).toEqual(['A', 'C']);
    // a smudge half as dark as the marks is a person's call, never a third answer
    const half = decideField('m', ['A', 'B', 'C', 'D', 'E'], [0.29, 0.19, 0.31, 0.07, 0.06], t, 'multi');
    expect(half.value).toBeNull();
  });

  it('reads one bubble twice as dark as the others of a 单选; the same smudge on a 多选 stays open', () => {
    const f = [0.07, 0.17, 0.3, 0.06];
    expect(decideField('s', ['A', 'B', 'C', 'D'], f, t, 'single').value).toEqual(['C']);
    expect(decideField('m', ['A', 'B', 'C', 'D'], f, t, 'multi').value).toBeNull();
  });

  it('keeps two close marks an exception and a blank question blank', () => {
    expect(decideField('c', ['A', 'B', 'C', 'D'], [0.3, 0.27, 0.07, 0.06], t, 'single').value).toBeNull();
    expect(decideField('b', ['A', 'B', 'C', 'D'], [0.06, 0.07, 0.08, 0.07], t, 'single').value).toEqual([]);
  });

  it('leaves a sheet of typical marks as the page thresholds read it', () => {
    const typical = Array.from({ length: 30 }, (_, i) => {
      const f = [0.06, 0.07, 0.08, 0.07];
      f[i % 4] = 0.55 + (i % 10) * 0.03;
      return f;
    });
    const plain = pageThresholds(typical.flat());
    expect(calibrateToSheet(plain, typical)).toEqual(plain);
  });
});
