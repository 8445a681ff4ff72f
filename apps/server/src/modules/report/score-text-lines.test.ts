import { describe, expect, it } from 'vitest';
import { countAnswers, questionColumns, questionLines } from './score-text';

// questionLines must give the very doubles the jsonb texts give (questionColumns, itself checked against
// JSON.parse), whatever form a line takes.

const nos = ['1', '2', '10', '11a'];
const asLists = (cols: Float64Array[]) => cols.map((c) => Array.from(c, (v) => (Number.isNaN(v) ? null : v)));

describe('questionLines', () => {
  it('reads values in the order of the keys, keys|values, jsonb texts and 缺考 alike', () => {
    const jsonb = [
      '{"1": 3, "2": 0, "10": 4.5, "11a": 12.25}',
      'null',
      '{"1": 2, "2": 1.5, "99": 7}',
      '{"1": 0.30000000000000004, "2": "3", "10": 1e3}',
      '{}',
      '{"1": -0.5, "2": 1, "10": 123456.789, "11a": 0}',
    ].join(',');
    const lines = [
      'v3,0,4.5,12.25',
      'x',
      'k1,2,99|2,1.5,7',
      'j{"1": 0.30000000000000004, "2": "3", "10": 1e3}',
      'k|',
      'v-0.5,1,123456.789,0',
    ].join('\n');
    const cols = questionLines(lines, 6, nos, '1,2,10,11a|');
    expect(asLists(cols)).toEqual(asLists(questionColumns(jsonb, 6, nos)));
    expect(asLists(cols)[0]).toEqual([3, null, 2, 0.30000000000000004, null, -0.5]);
  });

  it('keys of the value lines that are not questions are skipped; long numbers read exactly', () => {
    const cols = questionLines(
      'v1,2.50000000000000000001,3\nv0.1,0.2,0.30000000000000004',
      2,
      ['3', '1'],
      '1,2,3|',
    );
    expect(asLists(cols)).toEqual([
      [3, 0.30000000000000004],
      [1, 0.1],
    ]);
  });

  it('a malformed line is an error naming it, never read into another examinee', () => {
    const keys = '1,2,10,11a|';
    const read = (text: string, n: number) => () => questionLines(text, n, nos, keys);
    expect(read('v1,2,3,4\nv1,2,3', 2)).toThrow(/成绩数据第 2 行有 3 个题分（应有 4 个）："v1,2,3"/);
    expect(read('v1,2,3,4,5', 1)).toThrow('第 1 行有 5 个题分（应有 4 个）');
    expect(read('k1,2|3', 1)).toThrow('第 1 行有 1 个题分（应有 2 个）');
    expect(read('k1,2\nx', 2)).toThrow('第 1 行缺少题号与题分之间的 |');
    expect(read('x\nx', 3)).toThrow('第 3 行缺失（应有 3 行）');
    expect(read('x\nx\nx', 2)).toThrow('第 3 行多余（应有 2 行）');
    expect(read('x\n\nx', 3)).toThrow('第 2 行的标记不是 x、v、k、j 之一');
    expect(read('x1', 1)).toThrow('第 1 行的题分后还有多余内容');
    expect(read('v1,2,a,4', 1)).toThrow('第 1 行的题分不是数');
    expect(read('j{"1": ', 1)).toThrow('第 1 行的题分不是数');
    // a jsonb null (no scores) is a line of its own: nothing read, the next line still the next examinee
    expect(asLists(questionLines('jnull\nv1,2,3,4', 2, nos, keys))).toEqual([
      [null, 1],
      [null, 2],
      [null, 3],
      [null, 4],
    ]);
  });

  it('no text, no rows', () => {
    expect(asLists(questionLines(null, 2, nos, null))).toEqual(nos.map(() => [null, null]));
    expect(questionLines('', 0, nos, null).map((c) => c.length)).toEqual([0, 0, 0, 0]);
  });
});

describe('countAnswers', () => {
  /** The counts the way PostgreSQL gave them: every list value of every object, by its JSON text. */
  function byJson(lines: string[], nos: string[]) {
    const counts = new Map<string, number>();
    for (const line of lines)
      for (const [key, v] of Object.entries(JSON.parse(line) as Record<string, unknown>))
        if (Array.isArray(v) && nos.includes(key)) {
          const k = `${key} ${JSON.stringify(v)}`;
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
    return [...counts].sort();
  }
  const flat = (xs: { no: string; answer: string; count: number }[]) =>
    xs.map((x) => [`${x.no} ${JSON.stringify(JSON.parse(x.answer))}`, x.count] as const).sort();

  it('counts list values per question as jsonb prints them; nulls, other keys and odd lines alike', () => {
    const lines = [
      '{"1": ["A"], "2": ["B", "C"], "3": null, "4": []}',
      '{"1": ["A"], "2": ["C"], "3": ["D"], "4": []}',
      '{"1": ["B"], "22": ["A"], "2": ["B", "C"], "3": 1}',
      '{"1": ["A]"], "2": [["B"]], "3": "x", "4": {"a": 1}}',
      '{"1\\"": ["A"], "2": ["C"]}',
      '{}',
      '{"1": ["A"], "2": ["B", "C"], "3": null, "4": []}',
    ];
    const nos = ['1', '2', '3', '4'];
    const got = countAnswers(lines.join('\n'), nos);
    expect(flat(got)).toEqual(byJson(lines, nos));
    expect(got.find((x) => x.no === '1' && x.answer === '["A"]')?.count).toBe(3);
  });

  it('no papers, no counts', () => {
    expect(countAnswers(null, ['1'])).toEqual([]);
  });
});
