import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Opaque random token for cookies and one-time tickets. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** Tokens and codes are stored only as their SHA-256. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
/** Six-digit SMS code. */
export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 138****1234: phones shown to anyone but the capability-holders of issue 3 are masked. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  return phone.length >= 11
    ? `${phone.slice(0, 3)}****${phone.slice(-4)}`
    : phone.replace(/\d(?=\d{2})/g, '*');
}

/** URL of a user's avatar; the key's hash part busts caches when it changes. */
export function avatarUrl(userId: number, key: string): string {
  const version =
    key
      .split('/')
      .pop()
      ?.replace(/\.webp$/, '') ?? '';
  return `/filter/api/account/avatar/${userId}?v=${encodeURIComponent(version)}`;
}

/** A password that satisfies the rule: letters and digits, 10 characters. */
export function randomPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  let p = letters[randomInt(letters.length)]! + digits[randomInt(digits.length)]!;
  while (p.length < 10) p += all[randomInt(all.length)]!;
  return p;
}
