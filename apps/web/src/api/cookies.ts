import { SCAN_SESSION_KEY } from './constants';

/** Reads one cookie visible to scripts (yx_sid is HttpOnly and never visible here). */
export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Sets a cookie on the whole site; `days` sets its expiry. */
export function writeCookie(name: string, value: string, days?: number): void {
  let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) cookie += `; expires=${new Date(Date.now() + days * 86_400_000).toUTCString()}`;
  document.cookie = cookie;
}

/** Names of the session cookies the server sets at login (spec §4). */
export const SESSION_COOKIES = ['yx_sid', 'schoolId'] as const;

/**
 * Expires the session cookies on the paths they may live on. The HttpOnly yx_sid cannot be removed by
 * script; the server rejects it anyway once it answered 1000/1001, and logout clears it server-side.
 */
export function clearSessionCookies(): void {
  // the copy the scan manager is given (spec §7) goes with the cookie
  globalThis.sessionStorage?.removeItem(SCAN_SESSION_KEY);
  const past = 'Thu, 01 Jan 1970 00:00:00 GMT';
  for (const name of SESSION_COOKIES) {
    for (const path of ['/', '/minions', '/filter'])
      document.cookie = `${name}=; expires=${past}; path=${path}`;
  }
}
