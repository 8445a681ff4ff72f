import { describe, expect, it } from 'vitest';
import { FAILURES, failureKindOf, failureMessage, type FailureKind } from './failures';

const kinds = Object.keys(FAILURES) as FailureKind[];
/** Any value a message names: the Chinese placeholder 甲 (a `reason` kind answers it as it is). */
const anyParams = new Proxy({}, { get: () => '甲' }) as never;
const messageOf = (k: FailureKind): string => {
  const m: string | ((p: never) => string) = FAILURES[k].message;
  return typeof m === 'string' ? m : m(anyParams);
};

describe('FAILURES', () => {
  it('gives every kind its own errCode, in the 10000–19999 ranges of the areas', () => {
    const codes = kinds.map((k) => FAILURES[k].errCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(Number.isInteger(c) && c > 10000 && c < 20000).toBe(true);
  });

  it('names every kind in camelCase English and gives it a Chinese message', () => {
    for (const k of kinds) {
      expect(k).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(messageOf(k), k).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('has one kind per fixed message', () => {
    const fixed = kinds.map((k) => FAILURES[k].message).filter((m) => typeof m === 'string');
    expect(new Set(fixed).size).toBe(fixed.length);
  });

  it('makes the message of a kind that names values, and finds a kind by its errCode', () => {
    expect(failureMessage('forbidden')).toBe('无权限');
    expect(failureMessage('kaohaoTaken', { kaohao: '1001' })).toBe('考号 1001 已被其他考生使用');
    expect(failureKindOf(FAILURES.subjectStateForbids.errCode)).toBe('subjectStateForbids');
    expect(failureKindOf(1)).toBeUndefined();
    expect(failureKindOf('10001')).toBeUndefined();
  });
});
