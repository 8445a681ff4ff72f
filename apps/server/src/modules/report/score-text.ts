import type { Column } from '@yj/stats';
import { z } from 'zod';
import { readStored } from '../../db/stored';

// A subject's scores arrive from PostgreSQL as one text (see ScoreColumns in report.repo.ts) and are read
// here straight into typed arrays, character by character: no string, array or object per examinee
// (JSON.parse of 100,000 question-score objects was the largest part of a subject report's time).

/**
 * A row the fast readers below do not expect (a string or list as a value, an escaped key), read whole: a jsonb
 * object of any values, each then taken by its question (a value that is not a number or a list is skipped).
 */
const OddRow = z.record(z.string(), z.unknown());

const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const QUOTE = 34;
const COLON = 58;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const SPACE = 32;
const NEWLINE = 10;

/**
 * A decimal number at `from` (digits, an optional sign and decimal point), read as Number() reads it:
 * (digits as an integer) / 10^decimals is one correctly rounded division of two exact integers, the same
 * double as parsing the text. Anything else (an exponent, more than 15 digits) goes through Number().
 * Returns the value; `after` is then the position after it (a variable, not a pair: no array per number).
 */
let after = 0;
const ENDS = new Set([COMMA, BRACE_CLOSE, NEWLINE]);
function numberAt(text: string, from: number, to: number): number {
  let p = from;
  const negative = text.charCodeAt(p) === MINUS;
  if (negative) p++;
  let v = 0;
  let digits = 0;
  let decimals = -1;
  for (; p < to; p++) {
    const c = text.charCodeAt(p);
    if (c >= ZERO && c <= NINE) {
      v = v * 10 + (c - ZERO);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === DOT && decimals < 0) decimals = 0;
    else break;
  }
  const c = text.charCodeAt(p);
  if (
    digits === 0 ||
    digits > 15 ||
    (p < to && c !== COMMA && c !== BRACE_CLOSE && c !== SPACE && c !== NEWLINE)
  ) {
    // an exponent or a long number: the slow, exact way
    let end = p;
    while (end < to && !ENDS.has(text.charCodeAt(end))) end++;
    const field = text.slice(from, end).trim();
    const x = field ? Number(field) : NaN;
    if (Number.isNaN(x)) throw new Error(`成绩数据中有不是数的值：${JSON.stringify(field)}`);
    after = end;
    return x;
  }
  if (decimals > 0) v /= 10 ** decimals;
  after = p;
  return negative ? -v : v;
}

/** A malformed row of a score text: which row (1-based) and what is wrong, with the row's text. */
export class ScoreTextError extends Error {
  constructor(row: number, what: string, text: string) {
    super(
      `成绩数据第 ${row} 行${what}：${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)}`,
    );
    this.name = 'ScoreTextError';
  }
}

/** The text of row `i` (0-based) of a text of lines, for an error. */
function rowText(text: string, i: number): string {
  let p = 0;
  for (let k = 0; k < i; k++) {
    const nl = text.indexOf('\n', p);
    if (nl < 0) return '';
    p = nl + 1;
  }
  const end = text.indexOf('\n', p);
  return text.slice(p, end < 0 ? text.length : end);
}

/**
 * Rows of comma-separated numbers into columns: `n` rows, one a line, each of exactly `cols.length` fields. A
 * NULL is an empty field, read as NaN where the column allows it (`nullable`) and an error in any other. Every
 * row is checked for its count of fields and every field for being one finite number (whole in an Int32Array),
 * so a row cannot be read one field off: a malformed row — a field missing or too many, text that is not a
 * number, a missing or extra line — raises a ScoreTextError naming the row.
 */
export function readRows(
  text: string,
  n: number,
  cols: readonly (Int32Array | Float64Array)[],
  nullable: readonly boolean[],
): void {
  const to = text.length;
  const k = cols.length;
  const whole = cols.map((c) => c instanceof Int32Array);
  const bad = (i: number, what: string): never => {
    throw new ScoreTextError(i + 1, what, rowText(text, i));
  };
  if (!n) {
    if (to) bad(0, `多余（应有 0 行）`);
    return;
  }
  let p = 0;
  let i = 0;
  let j = 0;
  try {
    for (; i < n; i++) {
      if (p > to) bad(i, `缺失（应有 ${n} 行）`);
      for (j = 0; j < k; j++) {
        const col = cols[j]!;
        const c = p < to ? text.charCodeAt(p) : NEWLINE;
        if (c === COMMA || c === NEWLINE) {
          if (!nullable[j]) bad(i, `第 ${j + 1} 列为空`);
          col[i] = NaN;
        } else {
          const v = numberAt(text, p, to);
          // v - v is 0 for a finite number only (NaN, ±Infinity give NaN)
          if (whole[j] ? (v | 0) !== v : v - v !== 0) bad(i, `第 ${j + 1} 列不是${whole[j] ? '整数' : '数'}`);
          col[i] = v;
          p = after;
        }
        const d = p < to ? text.charCodeAt(p) : NEWLINE;
        if (d !== (j < k - 1 ? COMMA : NEWLINE))
          bad(i, j < k - 1 ? `只有 ${j + 1} 列（应有 ${k} 列）` : `多于 ${k} 列`);
        p++; // the comma, or the newline
      }
    }
  } catch (e) {
    if (e instanceof ScoreTextError) throw e;
    bad(i, `第 ${j + 1} 列不是数`); // numberAt's: text that is no number
  }
  if (p <= to) bad(n, `多余（应有 ${n} 行）`);
}

/**
 * Question columns (in the order of `nos`) from the question scores of a subject's examinees: the JSON texts
 * of the score table (`{"1": 3, "2": 4.5}`, or null for 缺考) joined by commas. A question without a score is
 * NaN. Keys come in the same order row after row, so a key is compared in place with the last row's key at
 * the same slot before it is looked up. Rows this reader does not expect (a string or list as a value, an
 * escaped key) are read with JSON.parse.
 */
export function questionColumns(text: string | null, n: number, nos: readonly string[]): Column[] {
  const cols = nos.map(() => new Float64Array(n).fill(NaN));
  if (!text || !n) return cols;
  const index = new Map(nos.map((no, j) => [no, j]));
  const slots: { key: string; j: number }[] = [];
  const to = text.length;
  let p = 0;
  for (let i = 0; i < n; i++) {
    const start = p;
    if (text.charCodeAt(p) !== BRACE_OPEN) {
      // null: 缺考
      p = text.indexOf(',', p);
      p = p < 0 ? to + 1 : p + 1;
      continue;
    }
    p++;
    let slot = 0;
    let plain = true;
    while (p < to && text.charCodeAt(p) !== BRACE_CLOSE) {
      while (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === COMMA) p++;
      if (text.charCodeAt(p) === BRACE_CLOSE) break;
      if (text.charCodeAt(p) !== QUOTE) {
        plain = false;
        break;
      }
      const end = text.indexOf('"', p + 1);
      let s = slots[slot];
      if (!s || end - p - 1 !== s.key.length || !text.startsWith(s.key, p + 1)) {
        const key = text.slice(p + 1, end);
        if (key.includes('\\')) {
          plain = false;
          break;
        }
        s = { key, j: index.get(key) ?? -1 };
        slots[slot] = s;
      }
      slot++;
      p = end + 1;
      while (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === COLON) p++;
      const c = text.charCodeAt(p);
      if (c === 110 /* n */ && text.startsWith('null', p)) {
        p += 4;
        continue;
      }
      if (!((c >= ZERO && c <= NINE) || c === MINUS || c === DOT)) {
        plain = false;
        break;
      }
      const v = numberAt(text, p, to);
      if (s.j >= 0) cols[s.j]![i] = v;
      p = after;
    }
    if (plain) {
      p += 2; // the brace and the comma
      continue;
    }
    // an unexpected row: find its end (the braces balance outside strings) and read it with JSON.parse
    let depth = 0;
    let inString = false;
    for (p = start; p < to; p++) {
      const c = text.charCodeAt(p);
      if (inString) {
        if (c === 92 /* \ */) p++;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === BRACE_OPEN) depth++;
      else if (c === BRACE_CLOSE && --depth === 0) break;
    }
    const row = readStored(OddRow, JSON.parse(text.slice(start, p + 1)), `score text row ${i + 1}`)!;
    for (let j = 0; j < nos.length; j++) {
      const v = row[nos[j]!];
      cols[j]![i] = typeof v === 'number' ? v : NaN;
    }
    p += 2;
  }
  return cols;
}

/**
 * Question columns (in the order of `nos`) from the lines of a subject's question scores as scoreColumns sends
 * them, one line per examinee, tagged by its first character: x 缺考; v the values only, in the order of
 * `keys` ("1,2,10|", the subject's question numbers as they come first in question_text); k question_text
 * whole ("1,2|3,4.5"); j the jsonb text (read by `questionColumns`). A question without a score is NaN.
 * Every line is checked — exactly `n` of them, a known tag, as many values as keys, nothing after them — so a
 * line cannot land on another examinee: a malformed one raises a ScoreTextError naming it.
 */
export function questionLines(
  text: string | null,
  n: number,
  nos: readonly string[],
  keys: string | null,
): Column[] {
  const cols = nos.map(() => new Float64Array(n).fill(NaN));
  if (!n) {
    if (text) throw new ScoreTextError(1, '多余（应有 0 行）', rowText(text, 0));
    return cols;
  }
  if (text === null) return cols;
  const index = new Map(nos.map((no, j) => [no, j]));
  const columnOf = (key: string) => (index.has(key) ? cols[index.get(key)!]! : null);
  const own = keys ? keys.slice(0, -1).split(',').map(columnOf) : [];
  const to = text.length;
  const bad = (i: number, what: string): never => {
    throw new ScoreTextError(i + 1, what, rowText(text, i));
  };
  let p = 0;
  for (let i = 0; i < n; i++) {
    if (p > to) bad(i, `缺失（应有 ${n} 行）`);
    const tag = text.charCodeAt(p++);
    try {
      if (tag === 118 /* v */) {
        p = valuesAt(text, p, to, own, i);
        if (valuesRead !== own.length) bad(i, `有 ${valuesRead} 个题分（应有 ${own.length} 个）`);
      } else if (tag === 107 /* k */) {
        const bar = text.indexOf('|', p);
        const nl = text.indexOf('\n', p);
        if (bar < 0 || (nl >= 0 && bar > nl)) bad(i, '缺少题号与题分之间的 |');
        const listed = bar > p ? text.slice(p, bar).split(',').map(columnOf) : [];
        p = valuesAt(text, bar + 1, to, listed, i);
        if (valuesRead !== listed.length) bad(i, `有 ${valuesRead} 个题分（应有 ${listed.length} 个）`);
      } else if (tag === 106 /* j */) {
        let end = text.indexOf('\n', p);
        if (end < 0) end = to;
        const row = questionColumns(text.slice(p, end), 1, nos);
        row.forEach((c, j) => (cols[j]![i] = c[0]!));
        p = end;
      } else if (tag !== 120 /* x */) bad(i, '的标记不是 x、v、k、j 之一');
    } catch (e) {
      if (e instanceof ScoreTextError) throw e;
      bad(i, '的题分不是数');
    }
    if (p < to && text.charCodeAt(p) !== NEWLINE) bad(i, '的题分后还有多余内容');
    p++; // the newline
  }
  if (p <= to) bad(n, `多余（应有 ${n} 行）`);
  return cols;
}

/** How many values the last `valuesAt` read. */
let valuesRead = 0;

/** The values of one line from `p` into row `i` of the columns listed in their order (null: not a question). */
function valuesAt(text: string, p: number, to: number, into: readonly (Column | null)[], i: number): number {
  valuesRead = 0;
  if (p >= to || text.charCodeAt(p) === NEWLINE) return p; // no values: {}
  for (let slot = 0; ; slot++) {
    const v = numberAt(text, p, to);
    valuesRead++;
    const col = into[slot];
    if (col) col[i] = v;
    p = after;
    if (p >= to || text.charCodeAt(p) !== COMMA) return p;
    p++;
  }
}

/**
 * The answers to the questions `nos` counted from papers' objective answers as jsonb texts, one per line
 * ({"1": ["A"], "2": ["B", "C"], "3": null}): per question, each distinct answer (a list of labels as its
 * JSON text) with how many gave it. Values that are not lists (an undecided recognition) are not counted.
 * An answer is compared in place with the few already met for its question, so no string is made per paper;
 * a line this reader does not expect (an escaped key, an object as a value) is read with JSON.parse.
 */
export function countAnswers(
  text: string | null,
  nos: readonly string[],
  /** when given, each line starts with its examinee's id, and only the lines of those it keeps are counted */
  keep?: (examineeId: number) => boolean,
): { no: string; answer: string; count: number }[] {
  const met = new Map<string, Tally[]>(nos.map((no) => [no, []]));
  // a list of one label (["A"], most answers) found by the label's code, per question
  const single = new Map<string, Tally[]>(nos.map((no) => [no, []]));
  const add = (s: Slot, from: number, to: number) => {
    const list = s.list;
    if (!list) return;
    const n = to - from;
    const code = n === 5 ? text!.charCodeAt(from + 2) : 128;
    const byCode = code < 128 ? s.single : undefined;
    if (byCode) {
      const a = byCode[code];
      if (a) {
        a.count++;
        return;
      }
    }
    for (const a of list)
      if (a.answer.length === n && text!.startsWith(a.answer, from)) {
        a.count++;
        if (byCode) byCode[code] = a;
        return;
      }
    const a = { answer: text!.slice(from, to), count: 1 };
    list.push(a);
    if (byCode) byCode[code] = a;
  };
  const slots: Slot[] = [];
  const slotOf = (key: string): Slot => ({ key, list: met.get(key), single: single.get(key) });
  const to = text?.length ?? 0;
  let p = 0;
  while (p < to) {
    let end = text!.indexOf('\n', p);
    if (end < 0) end = to;
    if (keep) {
      let id = 0;
      for (let c = text!.charCodeAt(p); c >= ZERO && c <= NINE; c = text!.charCodeAt(++p))
        id = id * 10 + c - ZERO;
      if (!keep(id)) {
        p = end + 1;
        continue;
      }
    }
    if (text!.charCodeAt(p) !== BRACE_OPEN || !answersAt(text!, p + 1, end, slots, slotOf, add)) {
      const row = readStored(OddRow, JSON.parse(text!.slice(p, end)), 'objective answers row');
      for (const [key, v] of Object.entries(row ?? {})) {
        if (!Array.isArray(v)) continue;
        const answer = JSON.stringify(v);
        const list = met.get(key);
        const same = list?.find((a) => a.answer === answer);
        if (same) same.count++;
        else list?.push({ answer, count: 1 });
      }
    }
    p = end + 1;
  }
  return [...met].flatMap(([no, list]) => list.map((a) => ({ no, ...a })));
}

/** An answer of a question with how many gave it. */
type Tally = { answer: string; count: number };
/** A key's place in the objects read: the question (its answers met; none when not asked for). */
type Slot = { key: string; list: Tally[] | undefined; single: Tally[] | undefined };

/**
 * Counts the list values of one jsonb object text, `p` just after its brace; false (nothing counted) when the
 * line is not of the expected form. Keys come in the same order line after line: compared in place with the
 * key last seen at the same slot.
 */
function answersAt(
  text: string,
  p: number,
  end: number,
  slots: Slot[],
  slotOf: (key: string) => Slot,
  add: (s: Slot, from: number, to: number) => void,
): boolean {
  let counted = 0;
  for (let slot = 0; ; slot++) {
    while (p < end && (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === COMMA)) p++;
    if (p >= end || text.charCodeAt(p) === BRACE_CLOSE) break;
    if (text.charCodeAt(p) !== QUOTE) return false;
    const close = text.indexOf('"', p + 1);
    let s = slots[slot];
    if (!s || close - p - 1 !== s.key.length || !text.startsWith(s.key, p + 1)) {
      const key = text.slice(p + 1, close);
      if (key.includes('\\')) return false;
      s = slotOf(key);
      slots[slot] = s;
    }
    p = close + 1;
    while (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === COLON) p++;
    const c = text.charCodeAt(p);
    if (c === 91 /* [ */) {
      // a list: to its closing bracket, strings (which may hold brackets) skipped whole
      const from = p;
      let depth = 0;
      // one label of one character (["A"]): its end at once
      if (
        text.charCodeAt(p + 1) === QUOTE &&
        text.charCodeAt(p + 2) !== 92 /* \ */ &&
        text.charCodeAt(p + 3) === QUOTE &&
        text.charCodeAt(p + 4) === 93 /* ] */ &&
        p + 4 < end
      )
        p += 4;
      else
        for (; p < end; p++) {
          const d = text.charCodeAt(p);
          if (d === QUOTE) {
            for (p++; p < end && text.charCodeAt(p) !== QUOTE; p++)
              if (text.charCodeAt(p) === 92 /* \ */) p++;
          } else if (d === 91) depth++;
          else if (d === 93 && --depth === 0) break;
        }
      p++;
      if (s.list) {
        if (found.length < 3 * (counted + 1)) found = grown(found);
        found[3 * counted] = slot;
        found[3 * counted + 1] = from;
        found[3 * counted + 2] = p;
        counted++;
      }
    } else if (c === QUOTE || c === BRACE_OPEN) return false;
    else while (p < end && text.charCodeAt(p) !== COMMA && text.charCodeAt(p) !== BRACE_CLOSE) p++; // null, a number
  }
  for (let k = 0; k < counted; k++) add(slots[found[3 * k]!]!, found[3 * k + 1]!, found[3 * k + 2]!);
  return true;
}

/** The lists of a line found by `answersAt` (slot, start, end), counted once the whole line is read. */
let found = new Int32Array(300);
const grown = (a: Int32Array) => {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
};
