import { describe, expect, it } from 'vitest';
import { quizTrend, type TrendSitting } from './quiz-trend';

// quiz 1: question 1 objective (2 points), question 2 subjective (8); quiz 2: two objective questions of 5
const quizzes = [
  {
    examId: 1,
    name: '第一周',
    date: '2026-09-07',
    questions: [
      { no: '1', full: 2, objective: true },
      { no: '2', full: 8, objective: false },
    ],
  },
  {
    examId: 2,
    name: '第二周',
    date: '2026-09-14',
    questions: [
      { no: '1', full: 5, objective: true },
      { no: '2', full: 5, objective: true },
    ],
  },
];
const students = [
  { studentId: 10, name: '甲', xuehao: '01' },
  { studentId: 11, name: '乙', xuehao: '02' },
];
const sittings: TrendSitting[] = [
  { examId: 1, studentId: 10, total: 8, scores: { '1': 2, '2': 6 } },
  { examId: 1, studentId: 11, total: 4, scores: { '1': 0, '2': 4 } },
  { examId: 2, studentId: 10, total: 10, scores: { '1': 5, '2': 5 } },
  // 乙 absent from quiz 2
  { examId: 2, studentId: 11, total: null, scores: {} },
];

describe('quizTrend', () => {
  const t = quizTrend(quizzes, students, sittings);

  it("gives each quiz the class's 得分率, overall and by question type, of those who sat", () => {
    // quiz 1: 12 of 20 points; objective 2 of 4; subjective 10 of 16. quiz 2: 10 of 10, no subjective question
    expect(t.quizzes).toEqual([
      {
        examId: 1,
        name: '第一周',
        date: '2026-09-07',
        sat: 2,
        rate: 60,
        objectiveRate: 50,
        subjectiveRate: 62.5,
      },
      {
        examId: 2,
        name: '第二周',
        date: '2026-09-14',
        sat: 1,
        rate: 100,
        objectiveRate: 100,
        subjectiveRate: null,
      },
    ]);
  });

  it('gives each student their 得分率 per quiz and over the quizzes they sat', () => {
    // 甲: 8/10, 10/10 → 18 of 20; objective 12 of 12; subjective 6 of 8
    // 乙: 4/10, absent → 4 of 10; objective 0 of 2; subjective 4 of 8
    expect(t.students).toEqual([
      {
        studentId: 10,
        name: '甲',
        xuehao: '01',
        rates: [80, 100],
        sat: 2,
        rate: 90,
        objectiveRate: 100,
        subjectiveRate: 75,
      },
      {
        studentId: 11,
        name: '乙',
        xuehao: '02',
        rates: [40, null],
        sat: 1,
        rate: 40,
        objectiveRate: 0,
        subjectiveRate: 50,
      },
    ]);
  });

  it('leaves a student who sat nothing without figures', () => {
    const none = quizTrend(quizzes, [{ studentId: 12, name: '丙', xuehao: '03' }], []);
    expect(none.students[0]).toMatchObject({ rates: [null, null], sat: 0, rate: null, objectiveRate: null });
    expect(none.quizzes[0]).toMatchObject({ sat: 0, rate: null });
  });
});
