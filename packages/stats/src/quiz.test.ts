import { describe, expect, it } from 'vitest';
import { quizClassResult, type QuizStudent } from './quiz';

// A quiz of 20 points: question 1 (objective, key B, 5 points), question 2 (subjective, 15 points).
const questions = [
  { no: '1', full: 5, answer: 'B' },
  { no: '2', full: 15, answer: null },
];
const students: QuizStudent[] = [
  { name: '甲', total: 20, scores: { '1': 5, '2': 15 }, chosen: { '1': 'B' } },
  { name: '乙', total: 9, scores: { '1': 0, '2': 9 }, chosen: { '1': 'C' } },
  { name: '丙', total: 5, scores: { '1': 5, '2': 0 }, chosen: { '1': 'B' } },
  { name: '丁', total: 0, scores: { '1': 0, '2': 0 }, chosen: { '1': '' } },
  { name: '戊', total: null, scores: {}, chosen: {} },
];

describe('quizClassResult', () => {
  const r = quizClassResult(20, questions, students);

  it('counts who sat, the average (34 / 4), highest and lowest', () => {
    expect([r.sat, r.absent, r.average, r.max, r.min]).toEqual([4, 1, 8.5, 20, 0]);
  });

  it('puts each total in its tenth of the full score, full marks in the last', () => {
    expect(r.distribution.map((b) => b.count)).toEqual([1, 0, 1, 0, 1, 0, 0, 0, 0, 1]);
    expect(r.distribution[0]!.label).toBe('0-2');
    expect(r.distribution[9]!.label).toBe('18-20');
  });

  it('gives each question its 得分率 and who missed marks', () => {
    // question 1: 10 of 20; question 2: 24 of 60
    expect(r.questions.map((q) => [q.no, q.rate, q.wrong])).toEqual([
      ['1', 0.5, ['乙', '丁']],
      ['2', 0.4, ['乙', '丙', '丁']],
    ]);
  });

  it('counts the options chosen, blanks too, most chosen first', () => {
    expect(r.questions[0]!.choices).toEqual([
      { answer: 'B', count: 2, names: ['甲', '丙'] },
      { answer: '', count: 1, names: ['丁'] },
      { answer: 'C', count: 1, names: ['乙'] },
    ]);
    expect(r.questions[1]!.choices).toEqual([]);
  });

  it('has no figures when nobody sat', () => {
    const none = quizClassResult(20, questions, [students[4]!]);
    expect([none.sat, none.average, none.max, none.questions[0]!.rate]).toEqual([0, null, null, null]);
  });
});
