import type { ObjectiveQuestion, Structure, SubjectiveQuestion } from '@yj/contracts';
import type { CardOptions } from './types';

// A 40-question demo subject: 单选 1–20, 多选 21–25, 判断 26–30, subjective 31–40 with a 选做 pair
// (38/39) and an essay (40). Used by the sample CLI and the tests.

function objective(
  no: number,
  kind: ObjectiveQuestion['kind'],
  options: number,
  score: number,
): ObjectiveQuestion {
  return {
    no: String(no),
    kind,
    options,
    score,
    answer: '',
    partialScore: kind === 'multi' ? score / 2 : null,
    answerB: '',
    bNo: null,
  };
}

const subjective = (no: number, score: number): SubjectiveQuestion => ({
  no: String(no),
  score,
  step: 1,
  bNo: null,
});

/** The demo structure (A/B enabled). */
export function demoStructure(): Structure {
  const obj: ObjectiveQuestion[] = [];
  for (let i = 1; i <= 20; i++) obj.push(objective(i, 'single', 4, 2));
  for (let i = 21; i <= 25; i++) obj.push(objective(i, 'multi', 4, 4));
  for (let i = 26; i <= 30; i++) obj.push(objective(i, 'trueFalse', 2, 2));
  const scores = [6, 6, 8, 8, 10, 10, 12, 10, 10, 30];
  return {
    objective: obj,
    subjective: scores.map((s, i) => subjective(31 + i, s)),
    optionalGroups: [{ name: '一', pick: 1, nos: ['38', '39'] }],
    abEnabled: true,
  };
}

/** Card options of the demo: A3, three columns, 8-digit exam number, two-sided, score boxes on. */
export function demoOptions(overrides: Partial<CardOptions> = {}): CardOptions {
  return {
    cardId: 'demo-card',
    examName: '2025—2026学年第一学期期中考试',
    subjectName: '高一 综合',
    examId: '1',
    subjectId: '1',
    paper: 'A3',
    columns: 3,
    examNumber: { kind: 'bubbles', digits: 8 },
    twoSided: true,
    scoreBoxes: true,
    boxes: { '31': { style: 'lines' }, '32': { style: 'lines' }, '40': { style: 'essay', essayChars: 800 } },
    ...overrides,
  };
}
