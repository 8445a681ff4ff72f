import { describe, expect, it } from 'vitest';
import { countedQuestions, objectiveScores, subjectScore, type SubjectKey } from './index';

// 1 单选 3 分 key B (B paper: key D, printed as question 2); 2 单选 3 分 key C (B paper: key A, printed as 1);
// 3 多选 5 分 key ACD 少选 2 分 (B: ABD, same number); 4 判断 2 分 key A = 对 (B: B = 错)
const key: SubjectKey = {
  abEnabled: true,
  optionalGroups: [],
  objective: [
    { no: '1', kind: 'single', score: 3, partialScore: null, answer: 'B', answerB: 'D', bNo: '2' },
    { no: '2', kind: 'single', score: 3, partialScore: null, answer: 'C', answerB: 'A', bNo: '1' },
    { no: '3', kind: 'multi', score: 5, partialScore: 2, answer: 'ACD', answerB: 'ABD', bNo: null },
    { no: '4', kind: 'trueFalse', score: 2, partialScore: null, answer: 'A', answerB: 'B', bNo: null },
  ],
};

describe('objectiveScores', () => {
  it('A paper: single, multi in full, true/false', () => {
    const r = objectiveScores(key, { '1': ['B'], '2': ['A'], '3': ['A', 'C', 'D'], '4': ['T'] }, 'A');
    // 1 right 3, 2 wrong 0, 3 full 5, 4 T = 对 = A right 2
    expect(r.scores).toEqual({ '1': 3, '2': 0, '3': 5, '4': 2 });
    expect([...r.answered].sort()).toEqual(['1', '2', '3', '4']);
  });

  it('multi partial credit and a wrong option; unread questions score 0 and are not answered', () => {
    const r = objectiveScores(key, { '1': null, '3': ['A', 'C'] }, null);
    // 3: {A, C} ⊂ {A, C, D} -> 2; 1 undecided, 2 and 4 missing -> 0
    expect(r.scores).toEqual({ '1': 0, '2': 0, '3': 2, '4': 0 });
    expect([...r.answered]).toEqual(['3']);
    expect(objectiveScores(key, { '3': ['A', 'B'] }, 'A').scores['3']).toBe(0);
  });

  it('B paper: each question read at its B number and scored with the B key', () => {
    // printed 1 is question 2 (B key A): 'A' right 3; printed 2 is question 1 (B key D): 'D' right 3;
    // 3 B key ABD: {A, B} subset -> 2; 4 B key B = 错: F right 2
    const r = objectiveScores(key, { '1': ['A'], '2': ['D'], '3': ['A', 'B'], '4': ['F'] }, 'B');
    expect(r.scores).toEqual({ '1': 3, '2': 3, '3': 2, '4': 2 });
    // the same sheet as an A paper: 1 'A' ≠ B, 2 'D' ≠ C, 3 {A,B} has B ∉ ACD, 4 F ≠ A -> all 0
    expect(objectiveScores(key, { '1': ['A'], '2': ['D'], '3': ['A', 'B'], '4': ['F'] }, 'A').scores).toEqual(
      {
        '1': 0,
        '2': 0,
        '3': 0,
        '4': 0,
      },
    );
    // A/B off: a 'B' mark on the sheet changes nothing
    expect(objectiveScores({ ...key, abEnabled: false }, { '1': ['B'] }, 'B').scores['1']).toBe(3);
  });
});

describe('送分 and 取消此题', () => {
  it('送分: full marks whatever was read, on A and B papers; answered still follows the bubbles', () => {
    const gift: SubjectKey = {
      ...key,
      objective: key.objective.map((q) => (q.no === '3' ? { ...q, special: 'gift' } : q)),
    };
    // 3 is 5 points: unread, wrong {A, B} on an A paper, right on a B paper -> 5 each
    expect(objectiveScores(gift, {}, 'A').scores['3']).toBe(5);
    expect(objectiveScores(gift, { '3': ['A', 'B'] }, 'A').scores['3']).toBe(5);
    expect(objectiveScores(gift, { '3': ['A', 'B', 'D'] }, 'B').scores['3']).toBe(5);
    expect([...objectiveScores(gift, {}, 'A').answered]).toEqual([]);
  });

  it('取消此题: the question is in nobody’s scores, so totals lose it', () => {
    const cancelled: SubjectKey = {
      ...key,
      objective: key.objective.map((q) => (q.no === '1' ? { ...q, special: 'cancelled' } : q)),
    };
    const r = objectiveScores(cancelled, { '1': ['B'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['T'] }, 'A');
    // without 1 (3 points): 2 right 3 + 3 full 5 + 4 right 2 = 10
    expect(r.scores).toEqual({ '2': 3, '3': 5, '4': 2 });
    expect(r.answered.has('1')).toBe(false);
    const s = subjectScore({
      absent: false,
      irregular: false,
      hasPaper: true,
      objective: r,
      subjective: { '5': 7 },
      adjusted: {},
      groups: [],
    });
    expect(s).toMatchObject({ objective: 10, subjective: 7, total: 17 });
  });
});

describe('countedQuestions', () => {
  const groups = [{ name: '选做', pick: 1, nos: ['22', '23'] }];
  it('the first answered members of a group, questions of no group always', () => {
    expect([...countedQuestions(groups, ['1', '22', '23'], (no) => no === '23')].sort()).toEqual(['1', '23']);
    // both answered: the first one counts
    expect([...countedQuestions(groups, ['1', '22', '23'], () => true)].sort()).toEqual(['1', '22']);
    expect([...countedQuestions(groups, ['1', '22', '23'], () => false)]).toEqual(['1']);
  });
});

const parts = {
  absent: false,
  irregular: false,
  hasPaper: true,
  objective: { scores: { '1': 3, '2': 0 }, answered: new Set(['1', '2']) },
  subjective: { '21': 8.5, '22': 0, '23': 7 },
  adjusted: {},
  groups: [{ name: '选做', pick: 1, nos: ['22', '23'] }],
};

describe('subjectScore', () => {
  it('objective + subjective, 选做 counting the question written on', () => {
    // 22 has 0 (not written on), 23 has 7 -> 23 counts; objective 3 + 0 = 3; subjective 8.5 + 7 = 15.5
    expect(subjectScore(parts)).toEqual({
      objective: 3,
      subjective: 15.5,
      total: 18.5,
      questions: { '1': 3, '2': 0, '21': 8.5, '23': 7 },
    });
  });

  it('an adjustment replaces the computed score', () => {
    // 21: 8.5 -> 10; 2: 0 -> 1.5 => objective 4.5, subjective 17, total 21.5
    expect(subjectScore({ ...parts, adjusted: { '21': 10, '2': 1.5 } })).toMatchObject({
      objective: 4.5,
      subjective: 17,
      total: 21.5,
    });
  });

  it('违纪 is 0 with every question 0; absent and no sheet give no figure', () => {
    expect(subjectScore({ ...parts, irregular: true })).toEqual({
      objective: 0,
      subjective: 0,
      total: 0,
      questions: { '1': 0, '2': 0, '21': 0, '23': 0 },
    });
    const none = { objective: null, subjective: null, total: null, questions: {} };
    expect(subjectScore({ ...parts, absent: true })).toEqual(none);
    expect(subjectScore({ ...parts, hasPaper: false })).toEqual(none);
  });

  it('sums in tenths (0.1 + 0.2 is 0.3)', () => {
    const r = subjectScore({
      ...parts,
      groups: [],
      subjective: { '21': 0.1, '22': 0.2 },
      objective: { scores: {}, answered: new Set() },
    });
    expect(r.total).toBe(0.3);
  });
});
