import { describe, expect, it } from 'vitest';
import { id, idParam, int, text } from './index';

describe('bounded request fields', () => {
  it('refuses ids beyond an integer column, zero and negatives, in Chinese', () => {
    for (const v of [2147483648, 9007199254740991, 0, -1, 1.5])
      expect(id().safeParse(v).error?.issues[0]?.message).toBe('编号无效');
    expect(id('请选择年级').safeParse(0).error?.issues[0]?.message).toBe('请选择年级');
    expect(id().parse(2147483647)).toBe(2147483647);
    expect(idParam().parse('42')).toBe(42);
    expect(idParam().safeParse('2147483648').success).toBe(false);
  });

  it('bounds other integers', () => {
    expect(int(1, 4).safeParse(5).error?.issues[0]?.message).toBe('不能大于 4');
    expect(int(0).safeParse(2147483648).success).toBe(false);
  });

  it('refuses control characters in text but keeps line breaks, emoji and right-to-left marks', () => {
    expect(text().safeParse('张\u0000三').error?.issues[0]?.message).toBe('不能包含控制字符');
    expect(text().safeParse('😀\u202e\u0000').success).toBe(false);
    expect(text().parse('第一行\n第二行\t😀\u202e')).toBe('第一行\n第二行\t😀\u202e');
  });
});
