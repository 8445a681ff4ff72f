import { describe, expect, it } from 'vitest';
import { emptyBoard, pressKey, setAll, shownValues, type BoardOptions, type BoardState } from './score-keys';
import { totalOf } from './score-fields';
import type { ScoreField } from './score-fields';

const field = (no: string, full: number, step = 1): ScoreField => ({
  no,
  point: null,
  label: no,
  full,
  step,
});
const two: BoardOptions = { fields: [field('1', 10), field('2', 5, 0.5)], quick: false };

function type(keys: string[], o: BoardOptions, s: BoardState = emptyBoard(o.fields.length)) {
  let effect = null as string | null;
  for (const k of keys) {
    const r = pressKey(s, k, o);
    s = r.state;
    effect = r.effect ?? effect;
  }
  return { s, effect };
}

describe('给分板 keys', () => {
  it('digits then Enter move on; Enter on the last submits', () => {
    const a = type(['1', '0', 'Enter'], two);
    expect(a.s.values).toEqual([10, null]);
    expect(a.s.cursor).toBe(1);
    expect(a.effect).toBeNull();
    const b = type(['2', '.', '5', 'Enter'], two, a.s);
    expect(b.s.values).toEqual([10, 2.5]);
    expect(b.effect).toBe('submit');
  });

  it('refuses a digit that passes full and a score off the step', () => {
    const a = type(['6'], two, { ...emptyBoard(2), cursor: 1 });
    expect(a.s.error).toBe('超过满分 5');
    expect(a.s.buffer).toBe('');
    const b = type(['2', '.', '3', 'Enter'], two, { ...emptyBoard(2), cursor: 1 });
    expect(b.s.error).toBe('分数须为 0.5 的整数倍');
    expect(b.effect).toBeNull();
  });

  it('Enter on an empty box asks for a score; on a filled one moves on', () => {
    expect(type(['Enter'], two).s.error).toBe('请给分');
    const filled = { ...emptyBoard(2, [3, 4]), cursor: 0 };
    expect(type(['Enter'], two, filled).effect).toBe('submit');
  });

  it('Backspace drops a digit, then clears the box; Esc cancels, then clears all', () => {
    const a = type(['1', '0', 'Backspace'], two);
    expect(a.s.buffer).toBe('1');
    const b = type(['Backspace'], two, { ...emptyBoard(2, [4, null]), cursor: 0 });
    expect(b.s.values).toEqual([null, null]);
    const c = type(['3', 'Escape'], two, emptyBoard(2, [4, null]));
    expect(c.s.buffer).toBe('');
    expect(c.s.values).toEqual([4, null]);
    expect(type(['Escape'], two, emptyBoard(2, [4, 1])).s.values).toEqual([null, null]);
  });

  it('quickScore: one digit gives the score and submits', () => {
    const o = { fields: [field('1', 5)], quick: true };
    const r = type(['4'], o);
    expect(r.s.values).toEqual([4]);
    expect(r.effect).toBe('submit');
    expect(type(['7'], o).s.error).toBe('超过满分 5');
  });

  it('walks the boxes of several papers, and 满分 fills one paper', () => {
    const o = { fields: [field('1', 3), field('1', 3)], quick: false };
    const a = type(['2', 'Enter'], o);
    expect(a.s.cursor).toBe(1);
    expect(type(['1', 'Enter'], o, a.s).effect).toBe('submit');
    const full = setAll(emptyBoard(2), o.fields, 1, true);
    expect(full.values).toEqual([3, null]);
    expect(full.cursor).toBe(1);
  });

  it('? asks for the help table', () => {
    expect(type(['?'], two).effect).toBe('help');
  });
});

describe('总分 while typing (issue 31)', () => {
  it('counts the digits typed in the current box before Enter, and the stored value once confirmed', () => {
    const a = type(['8', 'Enter', '2', '.'], two);
    expect(totalOf(shownValues(a.s))).toBe(10);
    const b = type(['5'], two, a.s);
    expect(shownValues(b.s)).toEqual([8, 2.5]);
    expect(totalOf(shownValues(b.s))).toBe(10.5);
    // a box already scored and typed over shows the new digits
    const c = type(['ArrowUp', '3'], two, { ...b.s, values: [8, 2.5], buffer: '', cursor: 1 });
    expect(shownValues(c.s)).toEqual([3, 2.5]);
    expect(shownValues(emptyBoard(2))).toEqual([null, null]);
  });
});
