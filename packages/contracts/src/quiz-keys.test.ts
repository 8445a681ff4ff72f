import { describe, expect, it } from 'vitest';
import { parseQuizKeys } from './quiz-keys';

const keysOf = (text: string, options = 4) => {
  const r = parseQuizKeys(text, options, 3);
  return r.ok ? r.questions.map((q) => `${q.no}${q.kind === 'multi' ? '*' : ''}${q.answer}`) : r.error;
};

describe('parseQuizKeys', () => {
  it('reads one letter a question over a range', () => {
    expect(keysOf('1-10 ABCDABCDAB')).toEqual(['1A', '2B', '3C', '4D', '5A', '6B', '7C', '8D', '9A', '10B']);
  });

  it('gives every question the options and score asked', () => {
    const r = parseQuizKeys('1-2 AE', 5, 2.5);
    expect(r).toEqual({
      ok: true,
      questions: [
        {
          no: '1',
          kind: 'single',
          options: 5,
          score: 2.5,
          answer: 'A',
          partialScore: null,
          answerB: '',
          bNo: null,
        },
        {
          no: '2',
          kind: 'single',
          options: 5,
          score: 2.5,
          answer: 'E',
          partialScore: null,
          answerB: '',
          bNo: null,
        },
      ],
    });
  });

  it('reads several runs, separated answers as 多选, full-width and lower-case letters', () => {
    expect(keysOf('1-3 abc；4-5：ＡＣ，bd 6 D')).toEqual(['1A', '2B', '3C', '4*AC', '5*BD', '6D']);
  });

  it('sorts a 多选 key and drops a letter typed twice', () => {
    expect(keysOf('1-2 CA,BB')).toEqual(['1*AC', '2B']);
  });

  it('is empty for no keys (a quiz of subjective questions only)', () => {
    expect(parseQuizKeys('  ', 4, 3)).toEqual({ ok: true, questions: [] });
  });

  it('says in Chinese what is wrong', () => {
    expect(keysOf('1-10 ABCD')).toBe('第 1-10 题共 10 题，却给了 4 个答案');
    expect(keysOf('1-3 ABE')).toBe('第 3 题答案 E 超出选项 A-D');
    expect(keysOf('1-2 AB 2 C')).toBe('题号 2 重复');
    expect(keysOf('5-3 ABC')).toBe('题号范围“5-3”应从小到大且从 1 起');
    expect(keysOf('1-2 AB 好的')).toBe('无法识别“好的”，格式如：1-10 ABCDABCDAB');
  });
});
