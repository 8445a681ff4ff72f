import { describe, expect, it } from 'vitest';
import { questionColumns, readRows } from './score-text';

// The readers must give the very doubles JSON.parse / Number give (compared exactly), on the texts PostgreSQL
// sends: jsonb objects as text ({"1": 3, "10": 4.5}), null for 缺考, rows of numbers one a line.

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

describe('readRows', () => {
  const five = (n: number) => [
    new Int32Array(n),
    new Int32Array(n),
    new Int32Array(n),
    new Int32Array(n),
    new Float64Array(n),
  ];
  const nullable = [false, false, false, false, true];

  it('one row a line, each field in its place, an empty total NaN', () => {
    const cols = five(3);
    readRows('11,101,1,10,87.5\n12,102,1,10,\n13,103,2,20,0.1', 3, cols, nullable);
    expect(cols.map((c) => Array.from(c))).toEqual([
      [11, 12, 13],
      [101, 102, 103],
      [1, 1, 2],
      [10, 10, 20],
      [87.5, NaN, 0.1],
    ]);
  });

  it('a NULL in any column is an explicit empty field: read as NaN where allowed, else an error naming the row', () => {
    // NULLs in every column in turn, in the middle row: the rows around it are read as they are, never shifted
    for (let j = 0; j < 5; j++) {
      const middle = ['12', '102', '1', '10', '55'].map((f, k) => (k === j ? '' : f)).join(',');
      const text = `11,101,1,10,87.5\n${middle}\n13,103,2,20,42`;
      const cols = five(3);
      if (nullable[j]) {
        readRows(text, 3, cols, nullable);
        expect(cols.map((c) => c[1])).toEqual([12, 102, 1, 10, NaN]);
        expect(cols.map((c) => c[2])).toEqual([13, 103, 2, 20, 42]);
      } else expect(() => readRows(text, 3, cols, nullable)).toThrow(`成绩数据第 2 行第 ${j + 1} 列为空`);
    }
    // every column empty, where all may be
    const all = [new Float64Array(2), new Float64Array(2)];
    readRows(',\n,', 2, all, [true, true]);
    expect(all.map((c) => Array.from(c))).toEqual([
      [NaN, NaN],
      [NaN, NaN],
    ]);
  });

  it('a row with a field left out (the NULL concat_ws dropped) is refused, not read one field off', () => {
    // before: rows joined by commas and a NULL total left out, so the next examinee's id was read as this total
    expect(() => readRows('11,101,1,10,87.5\n12,102,1,10\n13,103,2,20,42', 3, five(3), nullable)).toThrow(
      /成绩数据第 2 行只有 4 列（应有 5 列）："12,102,1,10"/,
    );
    expect(() => readRows('11,101,1,10,87.5,3', 1, five(1), nullable)).toThrow('第 1 行多于 5 列');
    expect(() => readRows('11,101,1,10,87.5', 2, five(2), nullable)).toThrow('第 2 行缺失（应有 2 行）');
    expect(() => readRows('11,101,1,10,1\n12,102,1,10,2', 1, five(1), nullable)).toThrow(
      '第 2 行多余（应有 1 行）',
    );
    expect(() => readRows('11,101,1,10,1\n', 1, five(1), nullable)).toThrow('第 2 行多余');
    expect(() => readRows('11,abc,1,10,1', 1, five(1), nullable)).toThrow('第 1 行第 2 列不是数');
    expect(() => readRows('11,1.5,1,10,1', 1, five(1), nullable)).toThrow('第 1 行第 2 列不是整数');
    expect(() => readRows('11,101,1,10,1-2', 1, five(1), nullable)).toThrow('第 1 行第 5 列不是数');
    expect(() => readRows('x', 0, five(0), nullable)).toThrow('第 1 行多余（应有 0 行）');
    readRows('', 0, five(0), nullable);
  });

  it('the same doubles as Number()', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `${((i * 104729) % 1000003) / 10 ** (i % 7)}`);
    const out = new Float64Array(values.length);
    readRows(values.join('\n'), values.length, [out], [false]);
    expect(Array.from(out)).toEqual(values.map(Number));
  });
});
