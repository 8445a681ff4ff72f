import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_SETTINGS } from '@yj/contracts';
import { cronbachAlpha, extremeGroups, itemStats, kr20, mean, toColumn, type Item } from '@yj/stats';
import { computeReport, pickEntries, totalColumns, type ReportInput } from './report-compute';

// computeReport reads columns (one typed array per question) since the speed work of issue 16. Its per-question
// figures, part means per school and class, and α / KR-20 must be the numbers the list forms of @yj/stats give
// (what it computed before): compared exactly on a generated exam with absences, a 选做 question and ties.

function scene(n: number): { input: ReportInput; items: Item[]; totals: (number | null)[]; at: number[][] } {
  let seed = 7;
  const r = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const questions = [
    { no: '1', kind: 'single', full: 3, answer: 'A' },
    { no: '2', kind: 'single', full: 3, answer: 'B' },
    { no: '3', kind: 'subjective', full: 4.5, answer: '' },
    { no: '4', kind: 'subjective', full: 10, answer: '' },
  ];
  // generated question by question: 6 classes in 2 schools, ~5 % absent, question 4 a 选做 left by ~20 %
  const klass = Array.from({ length: n }, () => 100 + Math.floor(r() * 6));
  const school = klass.map((k) => (k < 103 ? 1 : 2));
  const absent = klass.map(() => r() < 0.05);
  const items: Item[] = questions.map((q, j) => ({
    full: q.full,
    scores: absent.map((gone) => {
      if (gone || (j === 3 && r() < 0.2)) return null;
      return j < 2 ? (r() < 0.6 ? q.full : 0) : Math.round(r() * q.full * 2) / 2;
    }),
  }));
  const totals = absent.map((gone, i) => (gone ? null : items.reduce((t, it) => t + (it.scores[i] ?? 0), 0)));
  const classes = [0, 1, 2, 3, 4, 5].map((c) => ({
    id: 100 + c,
    name: `${c + 1}班`,
    schoolId: c < 3 ? 1 : 2,
  }));
  const input: ReportInput = {
    examId: 1,
    examName: '考试',
    subjectId: 1,
    name: '数学',
    fullScore: 25,
    entries: {
      schoolIds: Int32Array.from(school),
      classIds: Int32Array.from(klass),
      totals: toColumn(totals),
      parts: items.map((it) => toColumn(it.scores)),
    },
    questions,
    options: new Map(),
    subjects: [],
    schools: [
      { id: 1, name: '一中' },
      { id: 2, name: '二中' },
    ],
    classes,
    settings: DEFAULT_REPORT_SETTINGS,
  };
  const at = classes.map((c) => klass.flatMap((k, i) => (k === c.id ? [i] : [])));
  return { input, items, totals, at };
}

describe('computeReport over columns', () => {
  it('the figures of the list forms, exactly', () => {
    const { input, items, totals, at } = scene(1500);
    const r = computeReport(input, new Date(0));
    const groups = extremeGroups(totals);
    r.questions.forEach((q, j) => expect(q).toMatchObject(itemStats(items[j]!, totals, groups)));
    // question 4 is 选做: α over the three every examinee who sat answered; KR-20 over the right / wrong two
    // of them (worth 3 points each, on the number right)
    const all = items.slice(0, 3);
    expect(r.alpha).toBe(cronbachAlpha(all));
    expect(r.kr20).toBe(kr20(items.slice(0, 2)));
    expect(r.kr20).not.toBeNull();
    expect(r.kr20Questions).toEqual(['1', '2']);
    r.classes.forEach((c, k) =>
      items.forEach((it, j) => {
        const xs = at[k]!.flatMap((i) => (it.scores[i] === null ? [] : [it.scores[i]!]));
        expect(c.parts[j]).toBe(mean(xs)! / it.full);
      }),
    );
    expect(r.overall.sat + r.overall.absent).toBe(1500);
  });

  it('the total: the sum of the subjects sat, 缺考 only when absent from every one', () => {
    const col = (ids: number[], totals: (number | null)[]) => ({
      examineeIds: Int32Array.from(ids),
      studentIds: Int32Array.from(ids, (x) => x + 1000),
      schoolIds: Int32Array.from(ids, () => 1),
      classIds: Int32Array.from(ids, () => 10),
      totals: toColumn(totals),
    });
    const t = totalColumns([col([1, 2, 3], [28, null, null]), col([2, 3, 4], [60, null, 70])]);
    expect(Array.from(t.examineeIds)).toEqual([1, 2, 3, 4]);
    expect(Array.from(t.studentIds)).toEqual([1001, 1002, 1003, 1004]);
    expect(Array.from(t.totals)).toEqual([28, 60, NaN, 70]);
    expect(t.parts.map((p) => Array.from(p))).toEqual([
      [28, NaN, NaN, NaN],
      [NaN, 60, NaN, 70],
    ]);
  });
});

describe('pickEntries', () => {
  it("keeps the members' school, class, total and parts, in their order", () => {
    const e = {
      schoolIds: Int32Array.from([1, 1, 2, 2]),
      classIds: Int32Array.from([10, 11, 20, 21]),
      totals: Float64Array.from([5, NaN, 7, 9]),
      parts: [Float64Array.from([1, NaN, 3, 4]), Float64Array.from([4, NaN, 4, 5])],
    };
    const picked = pickEntries(e, Int32Array.from([101, 102, 103, 104]), new Set([104, 102, 999]));
    expect([...picked.schoolIds]).toEqual([1, 2]);
    expect([...picked.classIds]).toEqual([11, 21]);
    expect([...picked.totals]).toEqual([NaN, 9]);
    expect(picked.parts.map((p) => [...p])).toEqual([
      [NaN, 4],
      [NaN, 5],
    ]);
  });
});
