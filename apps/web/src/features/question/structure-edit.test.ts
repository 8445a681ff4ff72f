import type { ObjectiveQuestion, SubjectiveQuestion } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import {
  addSubQuestion,
  answerString,
  answersBody,
  bNosOf,
  compareNo,
  fillAnswers,
  mergeObjective,
  nextNo,
  quickEntry,
  savePlan,
  totalsNote,
  withBNos,
  withKind,
} from './structure-edit';

const obj = (no: string, kind: ObjectiveQuestion['kind'] = 'single'): ObjectiveQuestion => ({
  no,
  kind,
  options: kind === 'trueFalse' ? 2 : 4,
  score: 3,
  answer: '',
  partialScore: null,
  answerB: '',
  bNo: null,
});
const sub = (no: string, score = 10): SubjectiveQuestion => ({ no, score, step: 1, bNo: null });

describe('question structure editing', () => {
  it('orders numbers as a paper does', () => {
    expect(['10', '2', '13(2)', '13(1)', '13'].sort(compareNo)).toEqual(['2', '10', '13', '13(1)', '13(2)']);
  });

  it('reads a teacher quick entry and names the failing line', () => {
    const r = quickEntry('1-10 单选 A-D 每题3分');
    expect(r.ok && r.questions.length).toBe(10);
    const bad = quickEntry('1-10 单选 A-D 每题3分\n11-12 随便写写');
    expect(bad).toEqual({
      ok: false,
      error: expect.stringMatching(/^第 2 行：无法识别“11-12 随便写写”/) as string,
    });
  });

  it('replaces quick-entry numbers that exist and keeps the rest', () => {
    const merged = mergeObjective([obj('1'), obj('2'), obj('11')], [obj('2', 'multi'), obj('3')]);
    expect(merged.map((q) => `${q.no}${q.kind}`)).toEqual(['1single', '2multi', '3single', '11single']);
  });

  it('numbers a new question after every existing one', () => {
    expect(nextNo({ objective: [obj('1'), obj('10')], subjective: [sub('12(2)')] })).toBe('13');
    expect(nextNo({ objective: [], subjective: [] })).toBe('1');
  });

  it('splits a question into sub-questions, then adds more', () => {
    const two = addSubQuestion([sub('11'), sub('12', 15), sub('13')], '12');
    expect(two.map((q) => [q.no, q.score])).toEqual([
      ['11', 10],
      ['12(1)', 8],
      ['12(2)', 7],
      ['13', 10],
    ]);
    expect(addSubQuestion(two, '12(1)').map((q) => q.no)).toEqual(['11', '12(1)', '12(2)', '12(3)', '13']);
  });

  it('fills answer keys from a string, in question order', () => {
    const qs = [obj('2'), obj('1'), obj('3', 'trueFalse')];
    const r = fillAnswers(qs, 'CA对');
    expect(r.ok && r.questions.map((q) => q.answer)).toEqual(['A', 'C', 'A']);
    expect(fillAnswers(qs, 'AB')).toEqual({ ok: false, error: '共 3 道客观题，录入了 2 个答案' });
    expect(fillAnswers([], 'A').ok).toBe(false);
    const b = fillAnswers(qs, 'BBB', 'B');
    expect(b.ok && b.questions.map((q) => [q.answer, q.answerB])).toEqual([
      ['', 'B'],
      ['', 'B'],
      ['', 'B'],
    ]);
  });

  it('writes keys back as the teacher typed them', () => {
    expect(answerString([obj('1'), obj('2')])).toBe('');
    expect(
      answerString([
        { ...obj('2'), answer: 'B' },
        { ...obj('1'), answer: 'A' },
      ]),
    ).toBe('AB');
    expect(answerString([{ ...obj('1'), answer: 'AC' }, obj('2')])).toBe('AC,?');
  });

  it('sends B keys only with A/B papers', () => {
    const q = { ...obj('1'), answer: 'A', answerB: 'C' };
    expect(answersBody([q], false).answers[0]).toEqual({
      no: '1',
      answer: 'A',
      partialScore: null,
      partialRule: 'fixed',
    });
    expect(answersBody([q], true).answers[0]).toMatchObject({ answerB: 'C' });
  });

  it('keeps a row valid when its kind changes', () => {
    expect(withKind({ ...obj('1', 'multi'), answer: 'AC', partialScore: 1 }, 'trueFalse')).toMatchObject({
      options: 2,
      answer: 'A',
      partialScore: null,
    });
    expect(withKind(obj('1', 'trueFalse'), 'multi').options).toBe(4);
  });

  it('says where the totals differ from the full score', () => {
    expect(totalsNote({ objective: 30, subjective: 100, total: 130, fullScore: 150 })).toBe(
      '还差 20 分：题目总分 130 分，科目满分 150 分',
    );
    expect(totalsNote({ objective: 30, subjective: 130, total: 160, fullScore: 150 })).toMatch(/^多出 10 分/);
    expect(totalsNote({ objective: 30, subjective: 120, total: 150, fullScore: 150 })).toBe(
      '题目总分与科目满分 150 分一致',
    );
  });
});

describe('A/B numbers of objective questions', () => {
  it('sends each question with its B number and takes the saved ones back without losing other edits', () => {
    const draft = [{ ...obj('1'), score: 5 }, obj('2')];
    expect(bNosOf([{ ...obj('1'), bNo: '2', bOptions: 'BADC' }, obj('2')])).toEqual([
      { no: '1', bNo: '2', bOptions: 'BADC' },
      { no: '2', bNo: null, bOptions: null },
    ]);
    const saved = [
      { ...obj('1'), bNo: '2', bOptions: 'CDAB' },
      { ...obj('2'), bNo: '1' },
    ];
    expect(withBNos(draft, saved).map((q) => [q.score, q.bNo, q.bOptions])).toEqual([
      [5, '2', 'CDAB'],
      [3, '1', null],
    ]);
  });
});

describe('savePlan', () => {
  const clean = {
    objective: false,
    subjective: false,
    optional: false,
    ab: false,
    answer: false,
    standard: false,
  };
  it('saves unsaved objective questions before their answers (the server refused: 客观题 1 不存在)', () => {
    expect(savePlan('answer', { ...clean, objective: true, answer: true })).toEqual(['objective', 'answer']);
    expect(savePlan('ab', { ...clean, objective: true })).toEqual(['objective', 'ab']);
    expect(savePlan('standard', { ...clean, subjective: true })).toEqual(['subjective', 'standard']);
  });
  it('sends only its own save when what it refers to is saved, and never saves an unrelated tab', () => {
    expect(savePlan('answer', { ...clean, subjective: true })).toEqual(['answer']);
    expect(savePlan('objective', { ...clean, answer: true, subjective: true })).toEqual(['objective']);
    expect(savePlan('optional', { ...clean, objective: true, subjective: true })).toEqual([
      'objective',
      'subjective',
      'optional',
    ]);
  });
});
