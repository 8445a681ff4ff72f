import { parseTyped, scoreError, type ScoreField } from './score-fields';

/**
 * The 给分板's keyboard, as a pure state machine. The boxes of every paper on screen are one row
 * (paper 1's boxes, then paper 2's…), so Enter walks through all of them and submits after the last.
 */
export interface BoardState {
  values: (number | null)[];
  cursor: number;
  /** digits typed into the current box, not yet confirmed */
  buffer: string;
  error: string | null;
}

export type BoardEffect = 'submit' | 'help' | null;

export interface BoardOptions {
  /** every box on screen, in order */
  fields: readonly ScoreField[];
  /** quickScore: one digit key gives that score and submits (one box only) */
  quick: boolean;
}

export function emptyBoard(size: number, values?: (number | null)[]): BoardState {
  return { values: values ?? Array<number | null>(size).fill(null), cursor: 0, buffer: '', error: null };
}

/**
 * The values as the 给分板 shows them: the box being typed in counts what is typed (7 then .5 reads 7.5), so
 * 总分 follows the keys instead of waiting for Enter.
 */
export function shownValues(s: BoardState): (number | null)[] {
  const typed = s.buffer ? parseTyped(s.buffer) : null;
  if (typed === null) return s.values;
  return s.values.map((v, i) => (i === s.cursor ? typed : v));
}

/** quickScore is offered only when a paper is one box (a one-question block without 给分点). */
export function quickAllowed(fields: readonly ScoreField[]): boolean {
  return fields.length === 1;
}

const firstEmpty = (values: readonly (number | null)[]) => values.findIndex((v) => v === null);

/** After a box is set: the next empty box, else submit when every box is filled. */
function advance(s: BoardState): { state: BoardState; effect: BoardEffect } {
  const after = s.values.findIndex((v, i) => i > s.cursor && v === null);
  const next = after >= 0 ? after : firstEmpty(s.values);
  if (next >= 0) return { state: { ...s, cursor: next, buffer: '', error: null }, effect: null };
  return { state: { ...s, buffer: '', error: null }, effect: 'submit' };
}

/** Sets a box (a step button, 满分 / 零分, or a confirmed typed score) and moves on. */
export function setValue(
  s: BoardState,
  index: number,
  value: number,
): { state: BoardState; effect: BoardEffect } {
  const values = s.values.slice();
  values[index] = value;
  return advance({ ...s, values, cursor: index });
}

/** Sets every box of the current paper to full (满分) or zero (零分). */
export function setAll(
  s: BoardState,
  fields: readonly ScoreField[],
  paperSize: number,
  full: boolean,
): BoardState {
  const start = Math.floor(s.cursor / paperSize) * paperSize;
  const values = s.values.slice();
  for (let i = start; i < start + paperSize; i++) values[i] = full ? (fields[i]?.full ?? 0) : 0;
  const next = values.findIndex((v) => v === null);
  return { values, cursor: next >= 0 ? next : start + paperSize - 1, buffer: '', error: null };
}

export function pressKey(
  s: BoardState,
  key: string,
  o: BoardOptions,
): { state: BoardState; effect: BoardEffect } {
  const field = o.fields[s.cursor];
  if (!field) return { state: s, effect: null };
  if (key === '?') return { state: s, effect: 'help' };
  if (/^\d$/.test(key) && o.quick && quickAllowed(o.fields)) {
    const v = Number(key);
    const err = scoreError(v, field);
    if (err) return { state: { ...s, error: err }, effect: null };
    return setValue(s, s.cursor, v);
  }
  if (/^[\d.]$/.test(key)) {
    const buffer = s.buffer + key;
    const v = parseTyped(buffer);
    // Refuse a key that can only make the score too big, at once (12 on a 10-point box).
    if (v !== null && v > field.full)
      return { state: { ...s, error: `超过满分 ${field.full}` }, effect: null };
    if (v === null && buffer !== '.') return { state: s, effect: null };
    return { state: { ...s, buffer, error: null }, effect: null };
  }
  if (key === 'Enter') {
    if (s.buffer) {
      const v = parseTyped(s.buffer);
      const err = v === null ? '请输入分数' : scoreError(v, field);
      if (err || v === null) return { state: { ...s, error: err }, effect: null };
      return setValue(s, s.cursor, v);
    }
    if (s.values[s.cursor] === null) return { state: { ...s, error: '请给分' }, effect: null };
    return advance(s);
  }
  if (key === 'Backspace') {
    if (s.buffer) return { state: { ...s, buffer: s.buffer.slice(0, -1), error: null }, effect: null };
    const values = s.values.slice();
    values[s.cursor] = null;
    return { state: { ...s, values, error: null }, effect: null };
  }
  if (key === 'Escape') {
    // First Esc drops what is typed; on an empty box it clears the whole board back to the first box.
    if (s.buffer || s.error) return { state: { ...s, buffer: '', error: null }, effect: null };
    return { state: emptyBoard(s.values.length), effect: null };
  }
  if (key === 'ArrowDown' || key === 'ArrowRight' || key === 'Tab')
    return {
      state: { ...s, cursor: Math.min(o.fields.length - 1, s.cursor + 1), buffer: '', error: null },
      effect: null,
    };
  if (key === 'ArrowUp' || key === 'ArrowLeft')
    return { state: { ...s, cursor: Math.max(0, s.cursor - 1), buffer: '', error: null }, effect: null };
  return { state: s, effect: null };
}

/** The keys the help table lists (按键 → 作用). */
export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['0–9 .', '输入当前题（给分点）的分数'],
  ['Enter', '确认并跳到下一题；最后一题确认后提交'],
  ['Backspace', '删除一位；未输入时清空当前题'],
  ['Esc', '取消输入；再按一次清空本次给分'],
  ['↑ ↓ / Tab', '切换题目'],
  ['一键给分', '按数字键即给该分并提交（单题题块）'],
  ['?', '显示 / 隐藏快捷键说明'],
];
