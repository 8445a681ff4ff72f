import { describe, expect, it } from 'vitest';
import { parseAnswers, parseQuickEntry } from './quick-entry';
import { structureProblems, structureTotals, type Structure } from './question';

describe('quick entry of objective questions', () => {
  it('reads runs the way teachers type them', () => {
    const r = parseQuickEntry('1-10 单选 A-D 每题3分\n11-12 多选 A-E 每题5分 少选2分\n13-14 判断 每题2分');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.questions).toHaveLength(14);
    expect(r.questions[0]).toMatchObject({ no: '1', kind: 'single', options: 4, score: 3 });
    expect(r.questions[10]).toMatchObject({ no: '11', kind: 'multi', options: 5, score: 5, partialScore: 2 });
    expect(r.questions[13]).toMatchObject({ no: '14', kind: 'trueFalse', options: 2, score: 2 });
  });

  it('reads the 多选 share rule', () => {
    const r = parseQuickEntry('1-2 多选 A-D 每题6分 少选按比例');
    if (!r.ok) throw new Error(r.error);
    expect(r.questions[1]).toMatchObject({
      no: '2',
      kind: 'multi',
      partialRule: 'share',
      partialScore: null,
    });
    const fixed = parseQuickEntry('3 多选 A-D 每题6分 少选3分');
    if (!fixed.ok) throw new Error(fixed.error);
    expect(fixed.questions[0]!.partialRule).toBeUndefined();
  });

  it('says what it could not read', () => {
    expect(parseQuickEntry('1-10 选择')).toEqual({
      ok: false,
      error: '无法识别“1-10 选择”，格式如：1-10 单选 A-D 每题3分',
    });
    expect(parseQuickEntry('1-5 单选 每题3分\n5-6 单选 每题3分')).toEqual({
      ok: false,
      error: '题号 5 重复',
    });
    expect(parseQuickEntry('1-3 多选 每题2分 少选2分').ok).toBe(false);
  });

  it('reads an answer string onto the questions', () => {
    const r = parseQuickEntry('1-3 单选 A-D 每题3分\n4 多选 A-E 每题5分\n5 判断 每题2分');
    if (!r.ok) throw new Error(r.error);
    expect(parseAnswers('A B C ACE 对', r.questions)).toEqual({
      ok: true,
      answers: ['A', 'B', 'C', 'ACE', 'A'],
    });
    expect(parseAnswers('ABCD', r.questions)).toEqual({ ok: false, error: '共 5 道客观题，录入了 4 个答案' });
    expect(parseAnswers('A B E ACE 对', r.questions)).toEqual({
      ok: false,
      error: '第 3 题的答案“E”不在选项 A-D 之内',
    });
    // a run of letters gives one answer a question: the 多选 takes the rest of its run
    expect(parseAnswers('ABC ACE 对', r.questions)).toEqual({
      ok: true,
      answers: ['A', 'B', 'C', 'ACE', 'A'],
    });
    expect(parseAnswers('AB B C ACE 对', r.questions)).toEqual({
      ok: false,
      error: '共 5 道客观题，答案多出了“CE”',
    });
    expect(parseAnswers('ABC,ACE', r.questions)).toEqual({
      ok: false,
      error: '共 5 道客观题，录入了 4 个答案',
    });
    // without any separator, one letter a question (a 多选 too)
    expect(parseAnswers('ABCEA', r.questions)).toEqual({ ok: true, answers: ['A', 'B', 'C', 'E', 'A'] });
    expect(parseAnswers('1BCACE,对', r.questions)).toEqual({
      ok: false,
      error: '第 1 题的答案“1”不在选项 A-D 之内',
    });
  });

  it("reads the placeholder's own form: single answers run together, 多选 ended by a comma (issue 31)", () => {
    const r = parseQuickEntry('1-8 单选 A-D 每题3分\n9-10 多选 A-D 每题5分');
    if (!r.ok) throw new Error(r.error);
    // "ABCDABCD,AB,CD" was read as three answers
    expect(parseAnswers('ABCDABCD,AB,CD', r.questions)).toEqual({
      ok: true,
      answers: ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'AB', 'CD'],
    });
    expect(parseAnswers('A,B,C,D,A,B,C,D,BA,DC', r.questions)).toEqual(
      parseAnswers('ABCDABCD AB CD', r.questions),
    );
  });
});

describe('structure totals', () => {
  const s: Structure = {
    objective: [
      {
        no: '1',
        kind: 'single',
        options: 4,
        score: 40,
        answer: 'A',
        partialScore: null,
        answerB: '',
        bNo: null,
      },
    ],
    subjective: [
      { no: '2', score: 50, step: 1, bNo: null },
      { no: '3', score: 10, step: 1, bNo: null },
      { no: '4', score: 10, step: 1, bNo: null },
    ],
    optionalGroups: [{ name: '选做', pick: 1, nos: ['3', '4'] }],
    abEnabled: false,
  };

  it('counts only the picked questions of an optional group', () => {
    expect(structureTotals(s, 100)).toEqual({ objective: 40, subjective: 60, total: 100, fullScore: 100 });
    expect(structureProblems(s, 100)).toEqual([]);
  });

  it('names the difference from the full score and the missing keys', () => {
    const p = structureProblems({ ...s, objective: [{ ...s.objective[0]!, answer: '' }] }, 120);
    expect(p).toEqual([
      '题目总分 100 分（客观 40 + 主观 60）与科目满分 120 分不一致，相差 20 分',
      '客观题 1 尚未设置答案',
    ]);
  });
});
