import { describe, expect, it } from 'vitest';
import { questionColumns, readNumbers } from './score-text';

// The readers must give the very doubles JSON.parse / Number give (compared exactly), on the texts PostgreSQL
// sends: jsonb objects as text ({"1": 3, "10": 4.5}), null for 缺考, numbers joined by commas.

const nos = ['1', '2', '10', '11a'];

/** The columns the old way: JSON.parse of every row. */
function byJson(text: string, n: number): (number | null)[][] {
  const rows = JSON.parse(`[${text}]`) as (Record<string, unknown> | null)[];
  expect(rows.length).toBe(n);
  return nos.map((no) =>
    rows.map((r) => {
      const v = r?.[no];
      return typeof v === 'number' ? v : null;
    }),
  );
}
const asLists = (cols: Float64Array[]) => cols.map((c) => Array.from(c, (v) => (Number.isNaN(v) ? null : v)));

describe('questionColumns', () => {
  it('reads jsonb texts, null rows, keys in any order, missing and unknown keys, null values', () => {
    const text = [
      '{"1": 3, "2": 0, "10": 4.5, "11a": 12.25}',
      'null',
      '{"1": 0, "2": 3, "10": 0.1, "11a": 0.3}',
      '{"2": 1.5, "1": 2, "99": 7, "11a": null}',
      '{}',
      '{"1": -0.5, "10": 123456.789}',
    ].join(',');
    const cols = questionColumns(text, 6, nos);
    expect(asLists(cols)).toEqual(byJson(text, 6));
    expect(asLists(cols)[0]).toEqual([3, null, 0, 2, null, -0.5]);
  });

  it('rows it does not expect go through JSON.parse (a string value, an escaped key, an exponent)', () => {
    const text = [
      '{"1": "3", "2": 2}',
      '{"1\\"x": 1, "2": 4}',
      '{"1": 1e2, "2": [1], "10": {"a": 1}}',
      '{"1": 1}',
    ].join(',');
    expect(asLists(questionColumns(text, 4, nos))).toEqual(byJson(text, 4));
  });

  it('the same doubles as JSON.parse on many decimals', () => {
    const values: string[] = [];
    for (let i = 0; i < 3000; i++) values.push(((i * 7919) % 100000) / 10 ** (i % 5) + '');
    const rows: string[] = [];
    for (let i = 0; i < values.length; i += 4)
      rows.push(`{${nos.map((no, j) => `"${no}": ${values[i + j] ?? 0}`).join(', ')}}`);
    const text = rows.join(',');
    expect(asLists(questionColumns(text, rows.length, nos))).toEqual(byJson(text, rows.length));
  });
});

describe('readNumbers', () => {
  it('fields row by row, an empty field NaN', () => {
    const a = new Int32Array(3);
    const b = new Float64Array(3);
    readNumbers('1,87.5,22,,3,0.1', 3, [a, b]);
    expect(Array.from(a)).toEqual([1, 22, 3]);
    expect(Array.from(b)).toEqual([87.5, NaN, 0.1]);
  });

  it('the same doubles as Number()', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `${((i * 104729) % 1000003) / 10 ** (i % 7)}`);
    const out = new Float64Array(values.length);
    readNumbers(values.join(','), values.length, [out]);
    expect(Array.from(out)).toEqual(values.map(Number));
  });
});
