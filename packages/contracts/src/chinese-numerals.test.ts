import { describe, expect, it } from 'vitest';
import { arabicNumerals } from './chinese-numerals';
import { parseQuickEntry } from './quick-entry';

describe('Chinese numerals in quick entry', () => {
  it('reads 一 … 九十九, 两, 一百 and full-width digits', () => {
    expect(arabicNumerals('五')).toBe('5');
    expect(arabicNumerals('十')).toBe('10');
    expect(arabicNumerals('十五')).toBe('15');
    expect(arabicNumerals('二十')).toBe('20');
    expect(arabicNumerals('九十九')).toBe('99');
    expect(arabicNumerals('两')).toBe('2');
    expect(arabicNumerals('一百零五')).toBe('105');
    expect(arabicNumerals('１２')).toBe('12');
  });

  it('reads halves: 两分半, 半分, 一点五', () => {
    expect(arabicNumerals('每题两分半')).toBe('每题2.5分');
    expect(arabicNumerals('少选半分')).toBe('少选0.5分');
    expect(arabicNumerals('每题一点五分')).toBe('每题1.5分');
  });

  it('turns 每题五分 into five points a question', () => {
    const r = parseQuickEntry(
      '一到十 单选 A-D 每题五分\n十一至十五 多选 每题四分 少选两分\n十六 判断 每题两分半',
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.questions).toHaveLength(16);
    expect(r.questions[0]).toMatchObject({ no: '1', kind: 'single', score: 5 });
    expect(r.questions[9]).toMatchObject({ no: '10', score: 5 });
    expect(r.questions[10]).toMatchObject({ no: '11', kind: 'multi', score: 4, partialScore: 2 });
    expect(r.questions[15]).toMatchObject({ no: '16', kind: 'trueFalse', score: 2.5 });
  });

  it('quotes an unreadable line as it was typed', () => {
    expect(parseQuickEntry('一到十 选择')).toEqual({
      ok: false,
      error: '无法识别“一到十 选择”，格式如：1-10 单选 A-D 每题3分',
    });
  });
});
