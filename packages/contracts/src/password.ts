import { z } from 'zod';
import { COMMON_PASSWORD_WORDS, COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 64;
/** The rule as users read it, beside every new-password field. */
export const PASSWORD_RULE_TEXT =
  '密码需为 10-64 位，不能是常见密码或重复、连续的字符，也不能包含账号或手机号';

export const PASSWORD_MESSAGES = {
  short: `密码至少 ${PASSWORD_MIN} 位`,
  long: `密码不能超过 ${PASSWORD_MAX} 位`,
  common: '密码过于常见，容易被猜到，请换一个',
  pattern: '密码不能是重复或连续的字符',
  personal: '密码不能包含账号或手机号',
} as const;

let common: Set<string> | null = null;
let words: Set<string> | null = null;

/** True when every step between neighbouring characters is the same +1 or -1 (1234567890, abcdefghij, 9876543210). */
function sequential(s: string): boolean {
  const step = s.charCodeAt(1) - s.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < s.length; i++) if (s.charCodeAt(i) - s.charCodeAt(i - 1) !== step) return false;
  return true;
}

function isCommon(lower: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  words ??= new Set(COMMON_PASSWORD_WORDS.split('\n'));
  if (common.has(lower)) return true;
  // password2026, 2026dragon!: a favourite with digits or symbols around it is guessed as early as the favourite
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return core !== lower && core.length >= 4 && (words.has(core) || common.has(core));
}

/**
 * The password rule of every place a password is set (change, reset, first sign-in, admin CLI, demo):
 * length 10–64, not a common password, not one character or unit repeated or a run, and not containing
 * the account name or phone (`personal`; entries under 4 characters are ignored). Null when acceptable.
 */
export function passwordProblem(
  password: string,
  personal: ReadonlyArray<string | null | undefined> = [],
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.short;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.long;
  const lower = password.toLowerCase();
  if (/^(.+?)\1+$/su.test(lower) || new Set(lower).size < 3 || sequential(lower))
    return PASSWORD_MESSAGES.pattern;
  if (isCommon(lower)) return PASSWORD_MESSAGES.common;
  for (const p of personal) {
    const item = p?.trim().toLowerCase();
    if (item && item.length >= 4 && lower.includes(item)) return PASSWORD_MESSAGES.personal;
  }
  return null;
}

/** A new password in a request: the rule without the account (the server adds that check once it knows whose). */
export const password = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
