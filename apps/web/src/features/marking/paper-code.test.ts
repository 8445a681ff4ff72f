import { describe, expect, it } from 'vitest';
import { paperCode, parsePaperCode } from './paper-code';

describe('密号', () => {
  it('writes a task in six digits at least and reads it back as typed', () => {
    expect(paperCode(42)).toBe('000042');
    expect(paperCode(1234567)).toBe('1234567');
    expect(parsePaperCode('000042')).toBe(42);
    expect(parsePaperCode(' 密号：000042 ')).toBe(42);
    expect(parsePaperCode('42')).toBe(42);
  });
  it('names no task for text that is not a code', () => {
    for (const t of ['', '0', '000000', 'A12', '1.5', '12 34']) expect(parsePaperCode(t), t).toBeNull();
  });
});
